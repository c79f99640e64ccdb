import { APICallError } from '@tandem/core/spec';

/**
 * Default `maxRetryAfterMs`: server-requested delays up to 60 s are waited out.
 *
 * @example
 * ```ts
 * const anthropic = createAnthropic({ maxRetryAfterMs: 5 * DEFAULT_MAX_RETRY_AFTER_MS }); // a batch job may wait
 * ```
 *
 * @category Retries
 */
export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

/**
 * When the server asked for a longer wait than `maxRetryAfterMs`, retrying sooner would only be refused
 * again, and waiting that long inside one call is rarely wanted: the error is given up on at once, with
 * the server's delay in its message and in `retryAfterMs`, so the caller can schedule the retry. Returns
 * `undefined` when the retry may go ahead.
 * @internal
 */
export function refuseLongRetryAfter(error: APICallError, maxRetryAfterMs: number): APICallError | undefined {
  const requested = error.retryAfterMs;
  if (requested === undefined || requested <= maxRetryAfterMs) return undefined;
  return new APICallError({
    message: `${error.message} The server asked to retry after ${formatMs(requested)}, longer than maxRetryAfterMs (${formatMs(maxRetryAfterMs)}), so the call was not retried; retry after that delay (error.retryAfterMs), or raise maxRetryAfterMs.`,
    url: error.url,
    ...(error.statusCode === undefined ? {} : { statusCode: error.statusCode }),
    ...(error.responseBody === undefined ? {} : { responseBody: error.responseBody }),
    ...(error.responseHeaders === undefined ? {} : { responseHeaders: error.responseHeaders }),
    isRetryable: error.isRetryable,
    retryAfterMs: requested,
    cause: error.cause,
  });
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
