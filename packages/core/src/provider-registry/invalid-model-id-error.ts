import { hasBrand, TandemError } from '../spec/errors/tandem-error.js';

const BRAND = Symbol.for('tandem.error.InvalidModelIdError');

/**
 * A model string given to `resolveModel()` is not of the form `provider:model-id`.
 *
 * @example
 * ```ts
 * try { resolveModel('gpt-5'); } catch (error) {
 *   if (InvalidModelIdError.isInstance(error)) console.error(error.message); // says to write "openai:gpt-5"
 * }
 * ```
 *
 * @category Errors
 */
export class InvalidModelIdError extends TandemError {
  /** The string that was given. */
  readonly value: string;
  declare private readonly [BRAND]: true;

  constructor(options: { value: string; reason: string }) {
    super('INVALID_MODEL_ID', {
      message: `Invalid model "${options.value}": ${options.reason}. Write it as "provider:model-id", for example "openai:gpt-5" or "ollama:llama3.2".`,
    });
    this[BRAND] = true;
    this.name = 'InvalidModelIdError';
    this.value = options.value;
  }

  static override isInstance(error: unknown): error is InvalidModelIdError {
    return hasBrand(error, BRAND);
  }
}
