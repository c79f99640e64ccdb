import { TandemError } from '@tandem/core/spec';

const BRAND = Symbol.for('tandem.error.InvalidRequestError');

/**
 * The request cannot be sent to this vendor as given: a message holds content the API does not accept
 * (for example an audio file for a model that reads only images and PDFs), or the provider options are
 * invalid. Raised before any network call; change the request or pick another model.
 *
 * @example
 * ```ts
 * if (InvalidRequestError.isInstance(error)) console.error(error.message);
 * ```
 *
 * @category Errors
 */
export class InvalidRequestError extends TandemError {
  /** The provider that refused the request. */
  readonly provider: string;
  declare private readonly [BRAND]: true;

  constructor(options: { readonly provider: string; readonly message: string; readonly cause?: unknown }) {
    super('INVALID_REQUEST', { message: options.message, cause: options.cause });
    this[BRAND] = true;
    this.name = 'InvalidRequestError';
    this.provider = options.provider;
  }

  static override isInstance(error: unknown): error is InvalidRequestError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
