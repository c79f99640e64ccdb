import { APICallError, IncompleteResponseError } from '@tandem/core/spec';
import { DEFAULT_MAX_RETRY_AFTER_MS, refuseLongRetryAfter } from './retry-after-cap.js';
import { retryDelayMs } from './retry-delay.js';
import { defaultSleep, type Sleep } from './sleep.js';

/**
 * Options of {@link retryUntilFirstPart}.
 *
 * @category Retries
 */
export interface RetryUntilFirstPartOptions<T> {
  /** Starts one attempt: the request and the stream of its parts. Called again for each retry. */
  readonly attempt: (retry: number) => AsyncIterable<T>;
  /** Retries after the first attempt (default 2). */
  readonly maxRetries?: number;
  /** First backoff delay (default 2000 ms), doubled per retry; `retry-after(-ms)` headers of an `APICallError` win. */
  readonly initialRetryDelayMs?: number;
  readonly sleep?: Sleep;
  readonly signal?: AbortSignal;
  /**
   * Longest server-requested wait (`retry-after`) honoured before a retry (default 60 000 ms). A longer
   * one fails the call at once with the server's delay in the error's message and `retryAfterMs`.
   */
  readonly maxRetryAfterMs?: number;
  /** Which failures to retry; default: retryable `APICallError`s and `IncompleteResponseError` (a cut connection). */
  readonly isRetryable?: (error: unknown) => boolean;
}

/**
 * Runs a streaming model call and retries it — the whole call, request included — when it fails before
 * its first part was yielded: an HTTP error, a dropped connection, or an error event at the very start of
 * the stream. Once a part has been yielded, errors pass through unchanged (a retry would repeat output).
 * Give the attempt's own request `maxRetries: 0` so retries are counted once, here.
 *
 * @example
 * ```ts
 * yield* retryUntilFirstPart({
 *   maxRetries, sleep, signal,
 *   attempt: () => streamParts(postJsonToApi({ ...request, maxRetries: 0 })),
 * });
 * ```
 *
 * @category Retries
 */
export async function* retryUntilFirstPart<T>(options: RetryUntilFirstPartOptions<T>): AsyncGenerator<T, void, undefined> {
  const { signal } = options;
  const maxRetries = options.maxRetries ?? 2;
  const sleep = options.sleep ?? defaultSleep;
  const isRetryable = options.isRetryable ?? defaultIsRetryable;
  for (let retry = 0; ; retry++) {
    signal?.throwIfAborted();
    let yielded = false;
    try {
      for await (const part of options.attempt(retry)) {
        yielded = true;
        yield part;
      }
      return;
    } catch (error) {
      if (yielded || signal?.aborted || retry >= maxRetries || !isRetryable(error)) throw error;
      const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
      if (APICallError.isInstance(error)) {
        const refused = refuseLongRetryAfter(error, maxRetryAfterMs);
        if (refused !== undefined) throw refused;
      }
      const headers = APICallError.isInstance(error) && error.responseHeaders ? new Headers({ ...error.responseHeaders }) : undefined;
      await sleep(retryDelayMs({ retry, headers, initialDelayMs: options.initialRetryDelayMs, maxRetryAfterMs }), signal);
    }
  }
}

function defaultIsRetryable(error: unknown): boolean {
  return (APICallError.isInstance(error) && error.isRetryable) || IncompleteResponseError.isInstance(error);
}
