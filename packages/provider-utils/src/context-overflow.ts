import { ContextOverflowError, type APICallError } from '@tandem/core/spec';

/**
 * How vendors word "the input does not fit the context window": OpenAI (`maximum context length`,
 * `exceeds the context window`), Anthropic (`prompt is too long`), Gemini (`input token count … exceeds the
 * maximum number of tokens`), Bedrock (`Input is too long`, `too many input tokens`) and the
 * OpenAI-compatible servers that relay them (Ollama, vLLM, gateways).
 */
const OVERFLOW_TEXT =
  /context[_ ]length[_ ]exceeded|maximum context length|exceeds? the (?:model'?s? )?(?:maximum )?context (?:window|length)|context window (?:of this model )?(?:is )?exceeded|prompt is too long|input is too long|too many (?:input )?tokens|input token count.*exceeds|input length exceeds|exceeds the maximum number of tokens/i;

/**
 * Whether a vendor error message or body says the request does not fit the model's context window.
 *
 * @example
 * ```ts
 * isContextOverflowText('prompt is too long: 208310 tokens > 200000 maximum'); // true
 * ```
 *
 * @category Errors
 */
export function isContextOverflowText(text: string | undefined): boolean {
  return text !== undefined && OVERFLOW_TEXT.test(text);
}

/**
 * Returns `error` as a `ContextOverflowError` when `matches(error)` holds (a client error — 400, 413 or 422 —
 * or an error sent inside the stream, with no status), else `error` itself. Providers pass it as `mapError` of
 * `postJsonToApi` / `streamSseWithRetry` with their vendor's test.
 *
 * @example
 * ```ts
 * const mapError = (error: APICallError) => contextOverflowOr(error, (e) => isContextOverflowText(e.responseBody));
 * ```
 *
 * @category Errors
 */
export function contextOverflowOr(error: APICallError, matches: (error: APICallError) => boolean): APICallError {
  if (ContextOverflowError.isInstance(error)) return error;
  const status = error.statusCode;
  const clientError = status === undefined || status === 400 || status === 413 || status === 422;
  return clientError && matches(error) ? ContextOverflowError.from(error) : error;
}

/**
 * The `mapError` of an OpenAI-compatible API: `error.code: "context_length_exceeded"` in the body, or a
 * message in a known vendor wording (see {@link isContextOverflowText}).
 *
 * @example
 * ```ts
 * yield* streamSseWithRetry({ provider: 'Acme', url, body, mapError: mapOpenAICompatibleOverflow }, map);
 * ```
 *
 * @category Errors
 */
export function mapOpenAICompatibleOverflow(error: APICallError): APICallError {
  return contextOverflowOr(error, (e) => errorCode(e.responseBody) === 'context_length_exceeded' || isContextOverflowText(e.responseBody));
}

function errorCode(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    const json = JSON.parse(body) as { error?: { code?: unknown }; code?: unknown };
    return json.error?.code ?? json.code;
  } catch {
    return undefined;
  }
}
