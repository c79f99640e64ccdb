import { TandemError } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.BidiSessionAppendError');

/**
 * A message of a conversation could not be stored in the agent's `session` store: the store's `append()`
 * failed (`cause`), or had not settled `waitedMs` after the conversation ended (it was then no longer
 * waited for). Reported as a non-fatal `error` event; the conversation goes on and `agent.messages` keeps the
 * message, but the stored conversation misses it.
 *
 * @example
 * ```ts
 * if (event.type === 'error' && BidiSessionAppendError.isInstance(event.error)) {
 *   console.warn(`session ${event.error.sessionId} is missing a message:`, event.error.cause);
 * }
 * ```
 *
 * @category Errors
 */
export class BidiSessionAppendError extends TandemError {
  /** The `id` of the agent's `session`. */
  readonly sessionId: string;
  /** Set when the append did not settle in time while the conversation was ending. */
  readonly waitedMs: number | undefined;
  declare private readonly [BRAND]: true;

  constructor(options: { readonly sessionId: string; readonly cause?: unknown; readonly waitedMs?: number }) {
    const what =
      options.waitedMs === undefined
        ? 'the store failed to append it'
        : `the store had not finished appending it ${String(options.waitedMs)} ms after the conversation ended (cancelGraceMs)`;
    super('BIDI_SESSION_APPEND', {
      message: `A message of session "${options.sessionId}" was not stored: ${what}. The conversation goes on and agent.messages has it, but the stored conversation misses it; check the session store.`,
      cause: options.cause,
    });
    this[BRAND] = true;
    this.name = 'BidiSessionAppendError';
    this.sessionId = options.sessionId;
    this.waitedMs = options.waitedMs;
  }

  static override isInstance(error: unknown): error is BidiSessionAppendError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
