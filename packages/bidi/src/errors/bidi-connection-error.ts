import { TandemError } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.BidiConnectionError');

/**
 * The agent could not open (or reopen) a connection to the bidi model, after `reconnect.maxAttempts`
 * attempts. `cause` is the provider's last error.
 *
 * @example
 * ```ts
 * try { await agent.start(); } catch (error) {
 *   if (BidiConnectionError.isInstance(error)) console.error('Voice model unreachable:', error.cause);
 * }
 * ```
 *
 * @category Errors
 */
export class BidiConnectionError extends TandemError {
  /** Connection attempts made. */
  readonly attempts: number;
  declare private readonly [BRAND]: true;

  constructor(options: { readonly attempts: number; readonly cause: unknown }) {
    super('BIDI_CONNECTION_ERROR', {
      message: `Could not connect to the bidi model after ${String(options.attempts)} attempt(s). Check the provider's credentials and network, or raise reconnect.maxAttempts.`,
      cause: options.cause,
    });
    this[BRAND] = true;
    this.name = 'BidiConnectionError';
    this.attempts = options.attempts;
  }

  static override isInstance(error: unknown): error is BidiConnectionError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
