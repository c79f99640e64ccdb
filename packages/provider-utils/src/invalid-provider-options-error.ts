import { TandemError } from '@tandem/core/spec';

const BRAND = Symbol.for('tandem.error.InvalidProviderOptionsError');

/**
 * `request.providerOptions[provider]` does not match what the provider accepts. The message names the
 * offending field.
 *
 * @example
 * ```ts
 * if (InvalidProviderOptionsError.isInstance(error)) console.error(error.message);
 * ```
 *
 * @category Errors
 */
export class InvalidProviderOptionsError extends TandemError {
  /** The provider key, e.g. `openai`. */
  readonly provider: string;
  declare private readonly [BRAND]: true;

  constructor(options: { provider: string; message: string; cause?: unknown }) {
    super('INVALID_PROVIDER_OPTIONS', { message: options.message, cause: options.cause });
    this[BRAND] = true;
    this.name = 'InvalidProviderOptionsError';
    this.provider = options.provider;
  }

  static override isInstance(error: unknown): error is InvalidProviderOptionsError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
