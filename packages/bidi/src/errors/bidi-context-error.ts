import { TandemError } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.BidiContextError');

/**
 * Why a {@link BidiContextError} was raised.
 *
 * @example
 * ```ts
 * const retryable: BidiContextErrorReason[] = ['failed', 'timed-out'];
 * ```
 *
 * @category Errors
 */
export type BidiContextErrorReason = 'failed' | 'timed-out' | 'no-text-model';

/**
 * The agent's `context` manager could not prepare the history a connection is opened with:
 * - `'failed'` — it threw or rejected (`cause`);
 * - `'timed-out'` — it had not settled after `waitedMs` (its `info.signal` was aborted);
 * - `'no-text-model'` — it tried to call `info.model`, which in a `BidiAgent` stands for the realtime
 *   model and cannot be called (`summarize()` without a `model`): give it a text model.
 *
 * Reported as a non-fatal `error` event; that connection is opened with the whole history, as without a
 * manager, and the call goes on.
 *
 * @example
 * ```ts
 * if (event.type === 'error' && BidiContextError.isInstance(event.error) && event.error.reason === 'no-text-model') {
 *   console.warn('Pass summarize({ model: "openai:gpt-5-mini", triggerTokens }) a text model.');
 * }
 * ```
 *
 * @category Errors
 */
export class BidiContextError extends TandemError {
  readonly reason: BidiContextErrorReason;
  /** With `'timed-out'`: how long the manager was waited for. */
  readonly waitedMs: number | undefined;
  declare private readonly [BRAND]: true;

  constructor(options: { readonly reason: BidiContextErrorReason; readonly cause?: unknown; readonly waitedMs?: number; readonly model?: string }) {
    super('BIDI_CONTEXT', { message: messageOf(options), cause: options.cause });
    this[BRAND] = true;
    this.name = 'BidiContextError';
    this.reason = options.reason;
    this.waitedMs = options.waitedMs;
  }

  static override isInstance(error: unknown): error is BidiContextError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}

function messageOf(options: { readonly reason: BidiContextErrorReason; readonly cause?: unknown; readonly waitedMs?: number; readonly model?: string }): string {
  const fallback = 'The connection gets the whole history instead.';
  switch (options.reason) {
    case 'no-text-model':
      return `The context manager called info.model, which in a BidiAgent stands for the realtime model${options.model === undefined ? '' : ` (${options.model})`} and cannot write text: give it a text model, e.g. summarize({ model: 'openai:gpt-5-mini', triggerTokens }). ${fallback}`;
    case 'timed-out':
      return `The context manager had not prepared the history after ${String(options.waitedMs)} ms. ${fallback}`;
    case 'failed': {
      const cause = options.cause instanceof Error ? options.cause.message : String(options.cause);
      return `The context manager failed to prepare the history: ${cause}. ${fallback}`;
    }
  }
}
