import { TandemError } from '@tandem/core/spec';

const BRAND = Symbol.for('tandem.error.RealtimeUnsupportedError');

/**
 * A realtime (bidi) model cannot do what was asked: a typed turn on a model that only takes speech, a voice
 * change after the session has spoken, a turn-detection setting the vendor has no equivalent for. The
 * message says what to do instead (reconnect with the new setup, send audio, pick another model).
 *
 * @example
 * ```ts
 * try {
 *   await connection.send({ type: 'text', text: 'Hi' });
 * } catch (error) {
 *   if (RealtimeUnsupportedError.isInstance(error)) console.error(error.feature, error.message);
 * }
 * ```
 *
 * @category Errors
 */
export class RealtimeUnsupportedError extends TandemError {
  /** The provider that refused, e.g. `bedrock.nova-sonic`. */
  readonly provider: string;
  /** What was refused: `text-input`, `voice-update`, `turn-detection`, … */
  readonly feature: string;
  declare private readonly [BRAND]: true;

  constructor(options: { readonly provider: string; readonly feature: string; readonly message: string; readonly cause?: unknown }) {
    super('REALTIME_UNSUPPORTED', { message: options.message, cause: options.cause });
    this[BRAND] = true;
    this.name = 'RealtimeUnsupportedError';
    this.provider = options.provider;
    this.feature = options.feature;
  }

  static override isInstance(error: unknown): error is RealtimeUnsupportedError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
