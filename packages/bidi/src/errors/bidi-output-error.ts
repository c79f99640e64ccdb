import { TandemError } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.BidiOutputError');

/**
 * An output of `run()` failed: its `write()` threw or rejected. The agent reports it once (a non-fatal
 * `error` event to the other outputs and `receive()`) and abandons that output — no more events are
 * written to it, its `stop()` is still called at the end — while the conversation goes on.
 *
 * @example
 * ```ts
 * if (event.type === 'error' && BidiOutputError.isInstance(event.error)) {
 *   console.warn(`output ${event.error.index} failed and was detached`);
 * }
 * ```
 *
 * @category Errors
 */
export class BidiOutputError extends TandemError {
  /** The output's position in `run({ outputs })`. */
  readonly index: number;
  /** The type of the event whose `write()` failed. */
  readonly eventType: string;
  declare private readonly [BRAND]: true;

  constructor(index: number, eventType: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super('BIDI_OUTPUT_FAILED', {
      message: `Output ${String(index)} failed writing a "${eventType}" event (${reason}); it was detached and gets no more events. Make write() handle its own errors to keep an output attached.`,
      cause,
    });
    this[BRAND] = true;
    this.name = 'BidiOutputError';
    this.index = index;
    this.eventType = eventType;
  }

  static override isInstance(error: unknown): error is BidiOutputError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
