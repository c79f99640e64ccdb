import { hasBrand, TandemError } from './tandem-error.js';

const BRAND = Symbol.for('tandem.error.IncompleteResponseError');

/**
 * A model stream ended before its final (`finish`) event — usually a dropped connection.
 * The partial response is not trusted; retry the call.
 *
 * @category Errors
 */
export class IncompleteResponseError extends TandemError {
  /** Provider that produced the stream. */
  readonly provider: string;
  declare private readonly [BRAND]: true;

  constructor(options: { provider: string; message?: string; cause?: unknown }) {
    super('INCOMPLETE_RESPONSE', {
      message:
        options.message ??
        `The ${options.provider} response stream ended before its final event. The connection was probably cut; retry the call.`,
      cause: options.cause,
    });
    this[BRAND] = true;
    this.name = 'IncompleteResponseError';
    this.provider = options.provider;
  }

  static override isInstance(error: unknown): error is IncompleteResponseError {
    return hasBrand(error, BRAND);
  }
}
