/**
 * Waits `ms` milliseconds; rejects with `signal.reason` (clearing its timer) when `signal` aborts first.
 * Providers take a `sleep` option of this type so tests can replace the retry wait.
 *
 * @example
 * ```ts
 * const sleep: Sleep = async (ms) => { delays.push(ms); };
 * ```
 *
 * @category Retries
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * The real {@link Sleep}: a `setTimeout` that honours an `AbortSignal` and removes its listener when done.
 *
 * @example
 * ```ts
 * await defaultSleep(250, signal);
 * ```
 *
 * @category Retries
 */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
