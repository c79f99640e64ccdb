import { TandemError } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.SessionStoreClosedError');

/**
 * A session store was used after `close()`. Make a new store (stores are cheap to open) or close it later.
 *
 * @example
 * ```ts
 * await store.close();
 * await store.load('chat-1').catch((error) => SessionStoreClosedError.isInstance(error)); // true
 * ```
 *
 * @category Errors
 */
export class SessionStoreClosedError extends TandemError {
  declare private readonly [BRAND]: true;

  constructor(store: string) {
    super('SESSION_STORE_CLOSED', { message: `This ${store} session store was closed; open a new one to keep using the sessions.` });
    this[BRAND] = true;
    this.name = 'SessionStoreClosedError';
  }

  static override isInstance(error: unknown): error is SessionStoreClosedError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
