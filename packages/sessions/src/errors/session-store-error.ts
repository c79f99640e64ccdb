import { TandemError } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.SessionStoreError');

/**
 * A session store could not do what was asked: its database driver could not be loaded, the database
 * refused or timed out, or a stored row could not be read back. The driver's own error is the `cause`.
 *
 * @example
 * ```ts
 * try { await store.append('chat-1', [message]); } catch (error) {
 *   if (SessionStoreError.isInstance(error)) console.error(error.message, error.cause);
 * }
 * ```
 *
 * @category Errors
 */
export class SessionStoreError extends TandemError {
  declare private readonly [BRAND]: true;

  /** `code` is for subclasses (default `SESSION_STORE`). */
  constructor(message: string, options: { readonly cause?: unknown; readonly code?: string } = {}) {
    super(options.code ?? 'SESSION_STORE', { message, cause: options.cause });
    this[BRAND] = true;
    this.name = 'SessionStoreError';
  }

  static override isInstance(error: unknown): error is SessionStoreError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
