import type { Worker } from 'node:worker_threads';
import { nodeBuiltin, requireNodeBuiltin } from '@tandem/core/runtime';
import { WORKER_SOURCE } from './worker-source.js';
import { WorkerToolError } from './worker-tool-error.js';

interface SerializedError {
  readonly name: string;
  readonly message: string;
  readonly stack?: string;
  readonly code?: string | number;
}

type Reply = { readonly id: number; readonly ok: true; readonly value: unknown } | { readonly id: number; readonly ok: false; readonly error: SerializedError };

interface Task {
  readonly id: number;
  readonly exportName: string;
  readonly input: unknown;
  readonly signal: AbortSignal | undefined;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  onAbort?: () => void;
  slot?: Slot;
}

interface Slot {
  readonly worker: Worker;
  task: Task | undefined;
}

/**
 * Default pool size: one less than the available cores (the main thread needs one), at least 1, at most 4.
 * @internal
 */
export function defaultPoolSize(): number {
  const cores = nodeBuiltin('node:os')?.availableParallelism() ?? (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 2;
  return Math.max(1, Math.min(4, cores - 1));
}

let nextTaskId = 0;

/**
 * A lazily started pool of worker threads that run exported functions of one ES module. Idle workers are
 * `unref()`ed, so they never keep the process alive; a worker running a call is ref'ed until it answers.
 * @internal
 */
export class WorkerPool {
  readonly #moduleUrl: string;
  #size: number;
  readonly #slots = new Set<Slot>();
  readonly #idle: Slot[] = [];
  readonly #queue: Task[] = [];

  constructor(moduleUrl: string, size: number) {
    this.#moduleUrl = moduleUrl;
    this.#size = size;
  }

  /** Live worker threads (for tests and diagnostics). */
  get workerCount(): number {
    return this.#slots.size;
  }

  /** Raises the maximum number of workers (never lowers it). */
  grow(size: number): void {
    this.#size = Math.max(this.#size, size);
    this.#drain();
  }

  /**
   * Runs `exportName(input)` in a worker. Rejects with `signal.reason` when `signal` aborts — a running
   * call's worker is terminated (synchronous code cannot be interrupted otherwise) and replaced on demand.
   */
  run(exportName: string, input: unknown, signal?: AbortSignal): Promise<unknown> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<unknown>((resolve, reject) => {
      const task: Task = { id: ++nextTaskId, exportName, input, signal, resolve, reject };
      if (signal !== undefined) {
        task.onAbort = () => this.#abort(task);
        signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.#queue.push(task);
      this.#drain();
    });
  }

  /** Terminates every worker; queued and running calls reject with a {@link WorkerToolError}. */
  async terminate(): Promise<void> {
    const error = (): WorkerToolError =>
      new WorkerToolError({ message: `The worker pool of ${this.#moduleUrl} was terminated before the call finished.`, moduleUrl: this.#moduleUrl });
    for (const task of this.#queue.splice(0)) this.#settle(task, () => task.reject(error()));
    const slots = [...this.#slots];
    this.#slots.clear();
    this.#idle.length = 0;
    for (const slot of slots) {
      const task = slot.task;
      slot.task = undefined;
      if (task !== undefined) this.#settle(task, () => task.reject(error()));
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  #drain(): void {
    while (this.#queue.length > 0) {
      const slot = this.#idle.pop() ?? (this.#slots.size < this.#size ? this.#spawn() : undefined);
      if (slot === undefined) return;
      const task = this.#queue.shift() as Task;
      this.#start(slot, task);
    }
  }

  #spawn(): Slot {
    // Loaded on first use (not imported), so the package's main entry bundles for browsers and Workers.
    const { Worker: WorkerThread } = requireNodeBuiltin('node:worker_threads', 'workerTool()');
    const worker = new WorkerThread(WORKER_SOURCE, { eval: true, workerData: { moduleUrl: this.#moduleUrl } });
    const slot: Slot = { worker, task: undefined };
    this.#slots.add(slot);
    worker.on('message', (reply: Reply) => this.#onReply(slot, reply));
    worker.on('error', (error: unknown) => this.#onFailure(slot, error));
    worker.on('exit', (code: number) =>
      this.#onFailure(slot, new WorkerToolError({ message: `A worker thread for ${this.#moduleUrl} exited with code ${code} during the call.`, moduleUrl: this.#moduleUrl })),
    );
    return slot;
  }

  #start(slot: Slot, task: Task): void {
    slot.task = task;
    task.slot = slot;
    slot.worker.ref();
    try {
      slot.worker.postMessage({ id: task.id, exportName: task.exportName, input: task.input });
    } catch (error) {
      this.#release(slot);
      this.#settle(task, () =>
        task.reject(new TypeError(`Worker tool input is not structured-cloneable (${errorMessage(error)}); pass plain data.`, { cause: error })),
      );
    }
  }

  #onReply(slot: Slot, reply: Reply): void {
    const task = slot.task;
    if (task === undefined || reply.id !== task.id) return;
    this.#release(slot);
    this.#settle(task, () => (reply.ok ? task.resolve(reply.value) : task.reject(reviveError(reply.error))));
    this.#drain();
  }

  /** The worker died (uncaught error or exit): drop it and fail its call. */
  #onFailure(slot: Slot, error: unknown): void {
    if (!this.#slots.delete(slot)) return;
    const idleIndex = this.#idle.indexOf(slot);
    if (idleIndex !== -1) this.#idle.splice(idleIndex, 1);
    const task = slot.task;
    slot.task = undefined;
    void slot.worker.terminate();
    if (task !== undefined) this.#settle(task, () => task.reject(error));
    this.#drain();
  }

  #abort(task: Task): void {
    const queued = this.#queue.indexOf(task);
    if (queued !== -1) this.#queue.splice(queued, 1);
    const slot = task.slot;
    if (slot !== undefined && slot.task === task) {
      this.#slots.delete(slot);
      slot.task = undefined;
      void slot.worker.terminate();
    }
    this.#settle(task, () => task.reject(task.signal?.reason));
    this.#drain();
  }

  #release(slot: Slot): void {
    slot.task = undefined;
    slot.worker.unref();
    if (this.#slots.has(slot)) this.#idle.push(slot);
  }

  #settle(task: Task, settle: () => void): void {
    if (task.onAbort !== undefined) task.signal?.removeEventListener('abort', task.onAbort);
    task.onAbort = undefined;
    settle();
  }
}

/** Rebuilds an error thrown in a worker, keeping its name, message, stack and code. */
function reviveError(serialized: SerializedError): Error {
  const Builtin = BUILTIN_ERRORS[serialized.name];
  const error = Builtin === undefined ? new Error(serialized.message) : new Builtin(serialized.message);
  if (Builtin === undefined) error.name = serialized.name;
  if (serialized.stack !== undefined) error.stack = serialized.stack;
  if (serialized.code !== undefined) Object.assign(error, { code: serialized.code });
  return error;
}

const BUILTIN_ERRORS: Partial<Record<string, ErrorConstructor>> = {
  Error,
  TypeError,
  RangeError,
  SyntaxError,
  ReferenceError,
  EvalError,
  URIError,
};

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
