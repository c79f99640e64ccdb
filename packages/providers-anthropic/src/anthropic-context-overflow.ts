import type { APICallError } from '@tandem/core/spec';
import { contextOverflowOr, isContextOverflowText } from '@tandem/provider-utils';

/**
 * Maps Anthropic's "the prompt does not fit" error — HTTP 400 `invalid_request_error` with
 * `prompt is too long: 208310 tokens > 200000 maximum` — to a `ContextOverflowError`; other errors pass
 * through unchanged.
 *
 * @example
 * ```ts
 * throw mapAnthropicContextOverflow(error); // ContextOverflowError for "prompt is too long"
 * ```
 *
 * @category Wire format
 */
export function mapAnthropicContextOverflow(error: APICallError): APICallError {
  return contextOverflowOr(error, (e) => isContextOverflowText(errorMessage(e.responseBody)));
}

function errorMessage(body: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  try {
    const json = JSON.parse(body) as { error?: { type?: unknown; message?: unknown } };
    return json.error?.type === 'invalid_request_error' && typeof json.error.message === 'string' ? json.error.message : undefined;
  } catch {
    return undefined;
  }
}
