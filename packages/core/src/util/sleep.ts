import type { Clock } from '../clock/clock.js';
import { systemClock } from '../clock/system-clock.js';

/**
 * Waits `ms` milliseconds on `clock` (the real clock by default, so fake timers apply). If `signal` aborts first, the
 * timer is cleared and the promise rejects with `signal.reason`; the abort listener is removed either way.
 *
 * @example
 * ```ts
 * await sleep(250, ctx.signal);   // inside a tool: stops waiting when the run is cancelled
 * ```
 *
 * @category Utilities
 */
export function sleep(ms: number, signal?: AbortSignal, clock: Clock = systemClock): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as unknown);
      return;
    }
    const onAbort = (): void => {
      clock.clearTimeout(timer);
      reject(signal?.reason as unknown);
    };
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
