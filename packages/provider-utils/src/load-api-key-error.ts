import { TandemError } from '@tandem/core/spec';

const BRAND = Symbol.for('tandem.error.LoadAPIKeyError');

/**
 * A provider needs an API key and found none: neither the `apiKey` option nor its environment variable
 * was set. The message names both.
 *
 * @example
 * ```ts
 * if (LoadAPIKeyError.isInstance(error)) console.error('Set OPENAI_API_KEY and try again.');
 * ```
 *
 * @category Errors
 */
export class LoadAPIKeyError extends TandemError {
  declare private readonly [BRAND]: true;

  constructor(options: { message: string }) {
    super('LOAD_API_KEY', { message: options.message });
    this[BRAND] = true;
    this.name = 'LoadAPIKeyError';
  }

  static override isInstance(error: unknown): error is LoadAPIKeyError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
