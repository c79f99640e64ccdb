import type { ChildProcess } from 'node:child_process';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { JsonLineReader, type LineEvent } from './json-line-reader.js';
import { loadStdioSdk, stdioSdkLoaded, type McpStdioSdk } from './mcp-sdk.js';

/**
 * How a stdio server process is started and stopped.
 *
 * @example
 * ```ts
 * const params: StdioServerParams = { command: 'python', args: ['-m', 'my_server'], cwd: '/srv', stderr: 'pipe', onStderr: console.error };
 * ```
 *
 * @category Transports
 */
export interface StdioServerParams {
  /** The executable, spawned directly (no shell). */
  readonly command: string;
  readonly args?: readonly string[];
  /**
   * Extra environment variables. The child gets a small safe default (`HOME`, `PATH`, `SHELL`, `TERM`,
   * `USER`, `LOGNAME`) plus these — not the whole parent environment, so secrets don't leak by accident.
   */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /**
   * The child's stderr: `'inherit'` (default: copied to this process's stderr), `'ignore'`, or `'pipe'`
   * (not printed; each chunk goes to `onStderr`). With `'inherit'` and `'pipe'` its tail appears in
   * the error when the process dies.
   */
  readonly stderr?: 'inherit' | 'ignore' | 'pipe';
  /** Receives the child's stderr when `stderr` is `'pipe'`. */
  readonly onStderr?: (chunk: string) => void;
  /** Wait this long after closing stdin before SIGTERM, and again before SIGKILL. Default 2000 ms. */
  readonly killGraceMs?: number;
  /**
   * The largest message (one line of JSON-RPC) accepted from the server, in bytes. A longer one is
   * skipped without being buffered: the request it answers fails with an error naming this limit,
   * and the connection goes on. Default 10 MiB ({@link DEFAULT_MAX_MESSAGE_BYTES}).
   */
  readonly maxMessageBytes?: number;
}

/**
 * The default `maxMessageBytes` of a stdio server: 10 MiB, the same as the MCP SDK's own stdio transport.
 *
 * @example
 * ```ts
 * await getStdioTools({ command: 'my-server', maxMessageBytes: 4 * DEFAULT_MAX_MESSAGE_BYTES });
 * ```
 *
 * @category Transports
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * How a child process ended: its exit `code`, or the `signal` that killed it.
 *
 * @example
 * ```ts
 * const exit: ProcessExit | undefined = transport.exit; // e.g. { code: null, signal: 'SIGTERM' }
 * ```
 *
 * @category Transports
 */
export interface ProcessExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

const STDERR_TAIL_LENGTH = 2000;
const DRAIN_AFTER_EXIT_MS = 200;

/**
 * An MCP client transport over a child process's stdin/stdout (newline-delimited JSON-RPC, parsed with
 * the SDK's own `deserializeMessage`). Unlike the SDK's stdio transport, `close()` resolves only once the
 * process has exited — stdin closed, then SIGTERM, then SIGKILL after `killGraceMs` each — `exit` tells
 * how it ended, and a message over `maxMessageBytes` fails the request it answers instead of the host
 * process. The command is spawned with `cross-spawn` (so `npx` and `.cmd` shims work on Windows), never
 * through a shell.
 *
 * @example
 * ```ts
 * const transport = new StdioProcessTransport({ command: 'node', args: ['server.js'], killGraceMs: 500 });
 * await new Client({ name: 'app', version: '1.0.0' }).connect(transport);
 * console.log(transport.pid);
 * await transport.close(); // the process is gone when this resolves
 * ```
 *
 * @category Transports
 */
export class StdioProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly params: StdioServerParams;
  private readonly maxMessageBytes: number;
  private readonly reader: JsonLineReader;
  private child: ChildProcess | undefined;
  private started = false;
  private stopRequested = false;
  private exited: Promise<void> | undefined;
  private streamsClosed: Promise<void> | undefined;
  private exitInfo: ProcessExit | undefined;
  private failure: string | undefined;
  private stopping = false;
  private endedByItself = false;
  private stderrTail = '';
  private closeNotified = false;

  constructor(params: StdioServerParams) {
    const max = params.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    if (!Number.isSafeInteger(max) || max <= 0) {
      throw new RangeError(`maxMessageBytes must be a positive integer number of bytes, not ${String(params.maxMessageBytes)}.`);
    }
    this.params = params;
    this.maxMessageBytes = max;
    this.reader = new JsonLineReader(max);
  }

  /** The child's pid while it runs (and after it exited, the pid it had). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** How the process ended, once it has. */
  get exit(): ProcessExit | undefined {
    return this.exitInfo;
  }

  /** The last ~2000 characters the child wrote to stderr (unless `stderr` is `'ignore'`). */
  get stderrOutput(): string {
    return this.stderrTail;
  }

  /** True when the process exited before `close()`/`terminate()` asked it to (it crashed or quit). */
  get exitedByItself(): boolean {
    return this.endedByItself;
  }

  /** Why this transport gave up on a process that was still running (e.g. an unattributable oversized message). */
  get failureReason(): string | undefined {
    return this.failure;
  }

  start(): Promise<void> {
    if (this.started) throw new Error('StdioProcessTransport was already started; create a new one.');
    this.started = true;
    return loadStdioSdk().then((sdk) => this.spawnProcess(sdk));
  }

  private spawnProcess(sdk: McpStdioSdk): Promise<void> {
    if (this.stopRequested) return Promise.reject(new Error('The transport was closed before its MCP server process started.'));
    return new Promise<void>((resolve, reject) => {
      const stderrMode = this.params.stderr ?? 'inherit';
      const child = sdk.spawn(this.params.command, [...(this.params.args ?? [])], {
        env: { ...sdk.stdioClient.getDefaultEnvironment(), ...this.params.env },
        cwd: this.params.cwd,
        stdio: ['pipe', 'pipe', stderrMode === 'ignore' ? 'ignore' : 'pipe'],
        shell: false,
        windowsHide: true,
      });
      this.child = child;
      let spawned = false;
      this.streamsClosed = new Promise<void>((resolveClosed) => child.once('close', () => resolveClosed()));
      this.exited = new Promise<void>((resolveExit) => {
        child.once('exit', (code, signal) => {
          this.exitInfo = { code, signal };
          this.endedByItself = !this.stopping;
          resolveExit();
          // Let stdout drain; a grandchild holding the pipe open must not keep us waiting forever.
          const timer = setTimeout(() => {
            child.stdout?.destroy();
            this.notifyClose();
          }, DRAIN_AFTER_EXIT_MS);
          timer.unref();
        });
      });
      child.once('close', () => this.notifyClose());
      child.once('error', (error) => {
        if (!spawned) {
          this.exitInfo ??= { code: null, signal: null };
          reject(error);
        } else {
          this.onerror?.(error);
        }
      });
      child.once('spawn', () => {
        spawned = true;
        resolve();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Uint8Array) => {
        for (const line of this.reader.push(chunk)) this.deliver(line);
      });
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => {
        this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL_LENGTH);
        if (stderrMode === 'inherit') globalThis.process.stderr.write(chunk);
        else this.params.onStderr?.(chunk);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (this.child === undefined || stdin === undefined || stdin === null || this.exitInfo !== undefined || !stdin.writable) {
      return Promise.reject(new Error('The MCP server process is not running.'));
    }
    return new Promise<void>((resolve, reject) => {
      stdin.write(stdioSdkLoaded().stdio.serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Stops the process: closes stdin, then SIGTERM, then SIGKILL, waiting `killGraceMs` between; resolves once it has exited. */
  async close(): Promise<void> {
    await this.stop(false);
  }

  /**
   * Stops the process without the polite first step: SIGTERM at once, then SIGKILL after `killGraceMs`;
   * resolves once it has exited. For a server that never finished its handshake (or was given up on).
   */
  async terminate(): Promise<void> {
    await this.stop(true);
  }

  private async stop(force: boolean): Promise<void> {
    this.stopRequested = true;
    const child = this.child;
    if (child === undefined || this.exited === undefined) {
      this.notifyClose();
      return;
    }
    const grace = this.params.killGraceMs ?? 2000;
    this.stopping = true;
    if (this.exitInfo === undefined) {
      if (!force) child.stdin?.end();
      if (force || !(await this.waitFor(this.exited, grace))) {
        child.kill('SIGTERM');
        if (!(await this.waitFor(this.exited, grace))) {
          child.kill('SIGKILL');
          await this.exited;
        }
      }
    }
    // The last stderr lines may still be in the pipe: read them (briefly) before closing it.
    if (this.streamsClosed !== undefined) await this.waitFor(this.streamsClosed, DRAIN_AFTER_EXIT_MS);
    child.stdout?.destroy();
    child.stderr?.destroy();
    this.reader.clear();
    this.notifyClose();
  }

  private async waitFor(promise: Promise<void>, ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    try {
      return await Promise.race([promise.then(() => true as const), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  private deliver(line: LineEvent): void {
    if (line.kind === 'oversized') {
      this.oversized(line);
      return;
    }
    if (line.text.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = stdioSdkLoaded().stdio.deserializeMessage(line.text);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.onmessage?.(message);
  }

  /**
   * A message over the limit was skipped. A reply is answered in its place with a JSON-RPC error, so its
   * request fails at once with a message naming the limit and the connection stays usable. A message
   * that cannot be attributed to a request would leave one waiting until its timeout, so the process is
   * given up on instead: every pending request fails now, and the next one starts a new process.
   */
  private oversized(line: Extract<LineEvent, { kind: 'oversized' }>): void {
    const what = `a message of ${line.bytes} bytes, over the limit of ${this.maxMessageBytes} bytes (maxMessageBytes)`;
    if (line.id !== undefined && !line.hasMethod) {
      this.onmessage?.({
        jsonrpc: '2.0',
        id: line.id,
        error: {
          code: stdioSdkLoaded().types.ErrorCode.InternalError,
          message: `The MCP server answered with ${what}; the reply was discarded. Ask for less data, or raise maxMessageBytes.`,
        },
      });
      return;
    }
    if (line.hasMethod) {
      this.onerror?.(new Error(`The MCP server sent ${what}; it was discarded.`));
      return;
    }
    this.failure = `it sent ${what} that belongs to no request`;
    this.onerror?.(new Error(`The MCP server sent ${what}; stopping it.`));
    void this.terminate();
  }

  private notifyClose(): void {
    if (this.closeNotified) return;
    this.closeNotified = true;
    this.onclose?.();
  }
}
