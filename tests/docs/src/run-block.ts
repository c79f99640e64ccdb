// Runs one compiled block in a fresh worker thread (its own module graph, so blocks never share state),
// with a time limit; the worker is always terminated, so nothing a block leaves open outlives it.
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

export interface BlockRun {
  readonly ok: boolean;
  /** The error, or why it did not finish. */
  readonly error?: string;
  /** What the block printed (stdout and stderr). */
  readonly output: string;
}

export function runBlock(workerPath: string, modulePath: string, timeoutMs: number): Promise<BlockRun> {
  return new Promise((resolve) => {
    const worker = new Worker(workerPath, {
      workerData: { url: pathToFileURL(modulePath).href },
      stdout: true,
      stderr: true,
      stdin: false,
    });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let settled = false;
    const finish = (run: Omit<BlockRun, 'output'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Let the last output arrive, then stop the worker and anything the block left running.
      setImmediate(() => {
        void worker.terminate().then(() => resolve({ ...run, output }));
      });
    };
    const timer = setTimeout(() => finish({ ok: false, error: `did not finish within ${String(timeoutMs)} ms` }), timeoutMs);
    worker.on('message', (message: { ok: boolean; error?: string }) => finish(message));
    worker.on('error', (error) => finish({ ok: false, error: error.stack ?? String(error) }));
    worker.on('exit', (code) => finish({ ok: false, error: `the worker exited (code ${String(code)}) before the block finished` }));
  });
}
