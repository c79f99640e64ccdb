import { APICallError, type APICallErrorOptions } from './api-call-error.js';
import { hasBrand } from './tandem-error.js';

const BRAND = Symbol.for('tandem.error.ContextOverflowError');

/**
 * The model rejected the request because it does not fit the model's context window (OpenAI
 * `context_length_exceeded`, Anthropic "prompt is too long", Gemini "input token count … exceeds the maximum",
 * Bedrock "Input is too long"). Providers map their vendor's error to it.
 *
 * A subclass of {@link APICallError} — the same HTTP call failed, with its `statusCode` and `responseBody` —
 * so code that handles `APICallError` keeps working; it is never retryable as it is. An `Agent` with a
 * `context` manager reduces the conversation and retries the call once; without one, `run.result` rejects
 * with this error.
 *
 * @example
 * ```ts
 * try { await run.result; } catch (error) {
 *   if (ContextOverflowError.isInstance(error)) console.error('Too long: give the agent a context manager, e.g. slidingWindow().');
 * }
 * ```
 *
 * @category Errors
 */
export class ContextOverflowError extends APICallError {
  declare private readonly [BRAND]: true;

  constructor(options: APICallErrorOptions) {
    super({ ...options, isRetryable: false, message: withAdvice(options.message) }, 'CONTEXT_OVERFLOW');
    this[BRAND] = true;
    this.name = 'ContextOverflowError';
  }

  /**
   * The same failure as `error`, as a `ContextOverflowError` (status, body, headers and cause kept).
   *
   * @example
   * ```ts
   * if (isTooLong(error.responseBody)) throw ContextOverflowError.from(error);
   * ```
   */
  static from(error: APICallError): ContextOverflowError {
    if (ContextOverflowError.isInstance(error)) return error;
    return new ContextOverflowError({
      message: error.message,
      url: error.url,
      statusCode: error.statusCode,
      responseBody: error.responseBody,
      responseHeaders: error.responseHeaders,
      cause: error.cause ?? error,
    });
  }

  static override isInstance(error: unknown): error is ContextOverflowError {
    return hasBrand(error, BRAND);
  }
}

const ADVICE = 'The conversation is longer than the model accepts: give the Agent a `context` manager (slidingWindow(), summarize()) or shorten the input.';

function withAdvice(message: string): string {
  if (message.includes(ADVICE)) return message;
  const trimmed = message.trimEnd();
  return `${trimmed}${/[.!?]$/.test(trimmed) ? '' : '.'} ${ADVICE}`;
}
