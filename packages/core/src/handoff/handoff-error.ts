const BRAND = Symbol.for('tandem.handoff-error');

/**
 * Why a `transfer_to_<name>` call was not made — another handoff came first in the same response, or the
 * run reached `maxHandoffs`. The model sees it as the call's error result (`"HandoffError: …"`), and the
 * conversation stays with the current agent.
 *
 * @example
 * ```ts
 * if (HandoffError.isInstance(event.exception)) console.log(event.exception.code); // 'HANDOFF_NOT_FIRST' | 'MAX_HANDOFFS'
 * ```
 *
 * @category Agent
 */
export class HandoffError extends Error {
  override readonly name = 'HandoffError';
  readonly code: 'HANDOFF_NOT_FIRST' | 'MAX_HANDOFFS';
  declare private readonly [BRAND]: true;

  constructor(code: HandoffError['code'], message: string) {
    super(message);
    this[BRAND] = true;
    this.code = code;
  }

  /** True for a `HandoffError`, also one made by another copy of `@tandem/core`. */
  static isInstance(value: unknown): value is HandoffError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
