import { spawn, type ChildProcess } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * How a stdio server process is started and stopped.
 *
 * @example
 * ```ts
 * const params: StdioServerParams = { command: 'python', args: ['-m', 'my_server'], cwd: '/srv', stderr: 'pipe', onStderr: console.error };
 * ```
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
   * The child's stderr: `'inherit'` (default, printed with the parent's), `'ignore'`, or `'pipe'`
   * (captured; its tail appears in error messages and each chunk goes to `onStderr`).
   */
  readonly stderr?: 'inherit' | 'ignore' | 'pipe';
  /** Receives the child's stderr when `stderr` is `'pipe'`. */
  readonly onStderr?: (chunk: string) => void;
  /** Wait this long after closing stdin before SIGTERM, and again before SIGKILL. Default 2000 ms. */
  readonly killGraceMs?: number;
}

/**
 * How a child process ended: its exit `code`, or the `signal` that killed it.
 *
 * @example
 * ```ts
 * const exit: ProcessExit | undefined = transport.exit; // e.g. { code: null, signal: 'SIGTERM' }
 * ```
 */
export interface ProcessExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

const STDERR_TAIL_LENGTH = 2000;
const DRAIN_AFTER_EXIT_MS = 200;

/**
 * An MCP client transport over a child process's stdin/stdout (newline-delimited JSON-RPC framed by the
 * SDK's own `ReadBuffer`/`serializeMessage`). Unlike the SDK's stdio transport, `close()` resolves only
 * once the process has exited — stdin closed, then SIGTERM, then SIGKILL after `killGraceMs` each — and
 * `exit` tells how it ended.
 *
 * @example
 * ```ts
 * const transport = new StdioProcessTransport({ command: 'node', args: ['server.js'], killGraceMs: 500 });
 * await new Client({ name: 'app', version: '1.0.0' }).connect(transport);
 * console.log(transport.pid);
 * await transport.close(); // the process is gone when this resolves
 * ```
 */
export class StdioProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly params: StdioServerParams;
  private readonly readBuffer = new ReadBuffer();
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private exitInfo: ProcessExit | undefined;
  private stderrTail = '';
  private closeNotified = false;

  constructor(params: StdioServerParams) {
    this.params = params;
  }

  /** The child's pid while it runs (and after it exited, the pid it had). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** How the process ended, once it has. */
  get exit(): ProcessExit | undefined {
    return this.exitInfo;
  }

  /** The last ~2000 characters the child wrote to stderr (with `stderr: 'pipe'`). */
  get stderrOutput(): string {
    return this.stderrTail;
  }

  start(): Promise<void> {
    if (this.child !== undefined) throw new Error('StdioProcessTransport was already started; create a new one.');
    return new Promise<void>((resolve, reject) => {
      const child = spawn(this.params.command, [...(this.params.args ?? [])], {
        env: { ...getDefaultEnvironment(), ...this.params.env },
        cwd: this.params.cwd,
        stdio: ['pipe', 'pipe', this.params.stderr ?? 'inherit'],
        shell: false,
        windowsHide: true,
      });
      this.child = child;
      let spawned = false;
      this.exited = new Promise<void>((resolveExit) => {
        child.once('exit', (code, signal) => {
          this.exitInfo = { code, signal };
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
      child.stdout?.on('data', (chunk: Buffer) => {
        this.readBuffer.append(chunk);
        this.readMessages();
      });
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => {
        this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL_LENGTH);
        this.params.onStderr?.(chunk);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (this.child === undefined || stdin === undefined || stdin === null || this.exitInfo !== undefined || !stdin.writable) {
      return Promise.reject(new Error('The MCP server process is not running.'));
    }
    return new Promise<void>((resolve, reject) => {
      stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Stops the process: closes stdin, then SIGTERM, then SIGKILL, waiting `killGraceMs` between; resolves once it has exited. */
  async close(): Promise<void> {
    const child = this.child;
    if (child === undefined || this.exited === undefined) {
      this.notifyClose();
      return;
    }
    const grace = this.params.killGraceMs ?? 2000;
    if (this.exitInfo === undefined) {
      child.stdin?.end();
      if (!(await this.waitForExit(grace))) {
        child.kill('SIGTERM');
        if (!(await this.waitForExit(grace))) {
          child.kill('SIGKILL');
          await this.exited;
        }
      }
    }
    child.stdout?.destroy();
    child.stderr?.destroy();
    this.readBuffer.clear();
    this.notifyClose();
  }

  private async waitForExit(ms: number): Promise<boolean> {
    const exited = this.exited;
    if (this.exitInfo !== undefined || exited === undefined) return true;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    try {
      return await Promise.race([exited.then(() => true as const), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  private readMessages(): void {
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.readBuffer.readMessage();
      } catch (error) {
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  private notifyClose(): void {
    if (this.closeNotified) return;
    this.closeNotified = true;
    this.onclose?.();
  }
}
