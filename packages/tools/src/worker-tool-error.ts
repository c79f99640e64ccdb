import { TandemError } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.WorkerToolError');

/**
 * A worker-tool pool failed to run a call: the worker thread exited (e.g. `process.exit()` or out of
 * memory), crashed outside the call, or the pool was terminated while the call was queued or running.
 * Errors thrown by the exported function itself are not wrapped: they come back with their own
 * `name` and `message`.
 *
 * @example
 * ```ts
 * if (WorkerToolError.isInstance(error)) console.error('worker pool failure:', error.message);
 * ```
 *
 * @category Errors
 */
export class WorkerToolError extends TandemError {
  /** The module whose pool failed. */
  readonly moduleUrl: string;
  declare private readonly [BRAND]: true;

  constructor(options: { readonly message: string; readonly moduleUrl: string; readonly cause?: unknown }) {
    super('WORKER_TOOL_ERROR', { message: options.message, cause: options.cause });
    this[BRAND] = true;
    this.name = 'WorkerToolError';
    this.moduleUrl = options.moduleUrl;
  }

  static override isInstance(error: unknown): error is WorkerToolError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
