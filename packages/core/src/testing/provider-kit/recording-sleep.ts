/**
 * A `sleep` that resolves at once and records each requested delay.
 *
 * @category Provider contract kit
 */
export interface RecordingSleep {
  /** Pass this to the provider as its retry `sleep`. */
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Every delay requested, in milliseconds, in order. */
  readonly delays: number[];
}

/**
 * A retry `sleep` for tests: it never waits, honours an already-aborted signal, and records the delays,
 * so backoff and `Retry-After` handling are asserted without real time passing.
 *
 * @example
 * ```ts
 * const { sleep, delays } = recordingSleep();
 * const model = createOpenAI({ baseURL, apiKey: 'k', sleep })('gpt-5');
 * // … a call that is retried twice …
 * expect(delays).toEqual([2000, 4000]);
 * ```
 *
 * @category Provider contract kit
 */
export function recordingSleep(): RecordingSleep {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      delays.push(ms);
    },
  };
}
