// Runs the worker fixture as a child process (so a test can SIGKILL it) and waits until it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import { WORKER_BUNDLE } from './worker-paths.js';

export class WorkerProcess {
  private child: ChildProcess | undefined;
  private output = '';

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the worker and resolves when it serves on its port. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, [WORKER_BUNDLE], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...this.env, WORKER_PORT: String(this.port) },
    });
    this.child = child;
    this.output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer): void => {
        this.output += chunk.toString();
        if (this.output.includes('worker ready')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (chunk: Buffer) => {
        this.output += chunk.toString();
      });
      child.once('exit', (code, signal) => reject(new Error(`worker exited (${String(code ?? signal)}) before it was ready:\n${this.output}`)));
    });
  }

  /** Kills the worker at once (SIGKILL: no cleanup, like a crashed machine) and waits until it is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  /** What the worker printed (for failure messages). */
  get log(): string {
    return this.output;
  }
}
