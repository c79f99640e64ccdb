import type { APICallError } from '@tandem/core/spec';
import { contextOverflowOr, isContextOverflowText } from '@tandem/provider-utils';

/**
 * Maps Gemini's "the input does not fit" error — HTTP 400 `INVALID_ARGUMENT` with `The input token count
 * (1200345) exceeds the maximum number of tokens allowed (1048576).` — to a `ContextOverflowError`; other
 * errors pass through unchanged.
 *
 * @example
 * ```ts
 * throw mapGoogleContextOverflow(error);
 * ```
 *
 * @category Wire format
 */
export function mapGoogleContextOverflow(error: APICallError): APICallError {
  return contextOverflowOr(error, (e) => {
    const body = parse(e.responseBody);
    return body !== undefined && (body.status === undefined || body.status === 'INVALID_ARGUMENT') && isContextOverflowText(body.message);
  });
}

function parse(text: string | undefined): { status?: unknown; message?: string } | undefined {
  if (text === undefined) return undefined;
  try {
    const json = JSON.parse(text) as { error?: { status?: unknown; message?: unknown } };
    const message = json.error?.message;
    return typeof message === 'string' ? { status: json.error?.status, message } : undefined;
  } catch {
    return undefined;
  }
}
