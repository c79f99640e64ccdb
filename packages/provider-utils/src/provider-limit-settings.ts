/**
 * The bounds of an HTTP provider's calls, accepted by every provider factory (`createOpenAI`,
 * `createAnthropic`, …) and passed to `streamSseWithRetry`.
 *
 * @example
 * ```ts
 * const limits: ProviderLimitSettings = { timeoutMs: 600_000, maxRetryAfterMs: 120_000, maxEventBytes: 64 * 1024 * 1024 };
 * const anthropic = createAnthropic({ ...limits });
 * ```
 *
 * @category Provider settings
 */
export interface ProviderLimitSettings {
  /**
   * Time to first byte: the response headers and the first bytes of the stream must arrive within this
   * many milliseconds, else the attempt fails with a retryable `APICallError` (and is retried). Default
   * 300 000 (5 minutes). After the first byte a call has no deadline; pass a `signal` to bound it.
   */
  readonly timeoutMs?: number;
  /**
   * Longest server-requested wait (`retry-after`) honoured before a retry. A longer one is not waited
   * out: the call fails at once, the server's delay in the error's `retryAfterMs`. Default 60 000.
   */
  readonly maxRetryAfterMs?: number;
  /** The largest single server-sent event accepted, in bytes; a larger one fails with `InvalidResponseDataError`. Default 32 MiB. */
  readonly maxEventBytes?: number;
}
