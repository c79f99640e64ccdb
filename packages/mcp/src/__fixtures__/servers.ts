// Test helpers: locate the real third-party MCP servers installed as dev dependencies (nothing is fetched
// at run time), start server-everything over HTTP, and build ToolContexts for calling tools directly.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import type { ToolContext } from '@tandem/core';

const require = createRequire(import.meta.url);

/** Entry script of `@modelcontextprotocol/server-everything` (its CLI takes `stdio` | `sse` | `streamableHttp`). */
export const EVERYTHING_ENTRY = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** Entry script of `@modelcontextprotocol/server-filesystem` (args: allowed directories). */
export const FILESYSTEM_ENTRY = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');

/** A deferred promise: a gate a test opens explicitly. */
export interface Gate<T = void> {
  readonly promise: Promise<T>;
  open(value: T): void;
}

export function gate<T = void>(): Gate<T> {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** True while a process with this pid exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A server-everything process serving HTTP on loopback. */
export interface HttpServerProcess {
  readonly baseUrl: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/** Starts server-everything with `streamableHttp` or `sse`; resolves once it logs that it listens. */
export async function startEverythingHttp(mode: 'streamableHttp' | 'sse', fixedPort?: number): Promise<HttpServerProcess> {
  const port = fixedPort ?? (await freePort());
  const child = spawn(process.execPath, [EVERYTHING_ENTRY, mode], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      output += chunk;
      if (/listening on port|running on port/i.test(output)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything ${mode} exited (${code}): ${output}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A recorded `ctx.progress()` call. */
export interface ProgressRecord {
  readonly value: unknown;
  readonly label: string | undefined;
}

/** A ToolContext for calling a tool's `execute` directly; `progress` calls are recorded (and may open a gate). */
export function toolContext(
  options: { readonly signal?: AbortSignal; readonly onProgress?: (record: ProgressRecord) => void } = {},
): ToolContext & { readonly progressed: ProgressRecord[] } {
  const progressed: ProgressRecord[] = [];
  return {
    toolCallId: 'call_1',
    toolName: 'test',
    idempotencyKey: 'mcp:call_1',
    signal: options.signal ?? new AbortController().signal,
    agent: { messages: [], cancel: () => undefined },
    messages: [],
    invocationState: {},
    requestState: {},
    attempt: 1,
    progressed,
    progress(value, progressOptions) {
      const record = { value, label: progressOptions?.label };
      progressed.push(record);
      options.onProgress?.(record);
    },
    emit: () => undefined,
  };
}
