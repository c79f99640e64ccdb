import { redactSecretsDeep } from './secret-registry.js';
import { hasBrand, TandemError } from './tandem-error.js';

const BRAND = Symbol.for('tandem.error.InvalidResponseDataError');

/**
 * A provider answered with data that does not match the vendor's documented format. Raised at the
 * boundary (when the wire message is parsed), so vendor changes fail loudly instead of deep inside.
 *
 * @category Errors
 */
export class InvalidResponseDataError extends TandemError {
  /** The offending wire data (already free of credentials). */
  readonly data: unknown;
  declare private readonly [BRAND]: true;

  constructor(options: { message: string; data: unknown; cause?: unknown }) {
    super('INVALID_RESPONSE_DATA', { message: options.message, cause: options.cause });
    this[BRAND] = true;
    this.name = 'InvalidResponseDataError';
    this.data = redactSecretsDeep(options.data);
  }

  static override isInstance(error: unknown): error is InvalidResponseDataError {
    return hasBrand(error, BRAND);
  }
}
