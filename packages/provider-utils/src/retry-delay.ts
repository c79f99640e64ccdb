/**
 * Options of {@link retryDelayMs}.
 *
 * @category Retries
 */
export interface RetryDelayOptions {
  /** Retries done so far: 0 before the first retry. */
  readonly retry: number;
  /** Response headers of the failed attempt (absent for network failures). */
  readonly headers?: Headers;
  /** First backoff delay (default 2000 ms); doubled for each further retry. */
  readonly initialDelayMs?: number;
  /** Server-requested delays up to this long are honoured (default 60 000 ms); longer ones fall back to backoff. */
  readonly maxRetryAfterMs?: number;
  /** Current time in ms, for `retry-after` HTTP dates (default `Date.now()`). */
  readonly now?: number;
}

/**
 * The delay before the next retry: what the server asked for with `retry-after-ms` (milliseconds) or
 * `retry-after` (seconds or an HTTP date), when present and reasonable; otherwise exponential backoff
 * `initialDelayMs · 2^retry`.
 *
 * @example
 * ```ts
 * retryDelayMs({ retry: 0, headers: new Headers({ 'retry-after': '3' }) }); // 3000
 * retryDelayMs({ retry: 1 }); // 4000
 * ```
 *
 * @category Retries
 */
export function retryDelayMs(options: RetryDelayOptions): number {
  const backoff = (options.initialDelayMs ?? 2000) * 2 ** options.retry;
  const requested = requestedDelayMs(options.headers, options.now ?? Date.now());
  if (requested !== undefined && requested >= 0 && requested <= (options.maxRetryAfterMs ?? 60_000)) return requested;
  return backoff;
}

function requestedDelayMs(headers: Headers | undefined, now: number): number | undefined {
  if (headers === undefined) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null) {
    const value = Number.parseFloat(ms);
    if (Number.isFinite(value)) return value;
  }
  const after = headers.get('retry-after');
  if (after === null) return undefined;
  const seconds = Number(after.trim());
  if (after.trim() !== '' && Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
