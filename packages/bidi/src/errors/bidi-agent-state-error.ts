import { TandemError } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.BidiAgentStateError');

/**
 * A `BidiAgent` method was called in a state that does not allow it — `send()` before `start()`, or
 * `start()` while a conversation is already running.
 *
 * @example
 * ```ts
 * try { await agent.send('hi'); } catch (error) {
 *   if (BidiAgentStateError.isInstance(error)) await agent.start();
 * }
 * ```
 *
 * @category Errors
 */
export class BidiAgentStateError extends TandemError {
  declare private readonly [BRAND]: true;

  constructor(message: string) {
    super('BIDI_AGENT_STATE', { message });
    this[BRAND] = true;
    this.name = 'BidiAgentStateError';
  }

  static override isInstance(error: unknown): error is BidiAgentStateError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
