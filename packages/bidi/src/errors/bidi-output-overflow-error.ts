import { TandemError } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.BidiOutputOverflowError');

/**
 * An output stalled for so long that its queue of control events (which are never dropped) reached
 * `queue.maxEvents`; the agent detached it to keep memory bounded. Reported to the other outputs as a
 * non-fatal `error` event.
 *
 * @example
 * ```ts
 * if (event.type === 'error' && BidiOutputOverflowError.isInstance(event.error)) console.warn(event.error.message);
 * ```
 *
 * @category Errors
 */
export class BidiOutputOverflowError extends TandemError {
  /** Position of the output in `run({ outputs })`, or `receive` for the `receive()` iterator. */
  readonly output: number | 'receive';
  declare private readonly [BRAND]: true;

  constructor(output: number | 'receive', maxEvents: number) {
    super('BIDI_OUTPUT_OVERFLOW', {
      message: `Output ${String(output)} stopped consuming events and its queue reached ${String(maxEvents)} events; it was detached. Make write() resolve promptly, or raise queue.maxEvents.`,
    });
    this[BRAND] = true;
    this.name = 'BidiOutputOverflowError';
    this.output = output;
  }

  static override isInstance(error: unknown): error is BidiOutputOverflowError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
