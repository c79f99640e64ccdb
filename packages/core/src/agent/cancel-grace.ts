import type { Clock } from '../clock/clock.js';

/**
 * Settles like `work`, unless `signal` aborts (an immediate cancel) and `work` has not settled `graceMs`
 * later on `clock`: then resolves with `abandon()` and ignores `work` from then on (a late rejection
 * included). One listener and, once cancelled, one timer, both removed when it settles. @internal
 */
export function withCancelGrace<T>(work: Promise<T>, signal: AbortSignal, clock: Clock, graceMs: number, abandon: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: unknown;
    let done = false;
    const startGrace = (): void => {
      timer = clock.setTimeout(() => {
        if (done) return;
        done = true;
        try {
          resolve(abandon());
        } catch (error) {
          reject(error as Error);
        }
      }, graceMs);
    };
    const settle = (): void => {
      done = true;
      signal.removeEventListener('abort', startGrace);
      if (timer !== undefined) clock.clearTimeout(timer);
    };
    if (signal.aborted) startGrace();
    else signal.addEventListener('abort', startGrace, { once: true });
    work.then(
      (value) => {
        if (done) return;
        settle();
        resolve(value);
      },
      (error: unknown) => {
        if (done) return;
        settle();
        reject(error as Error);
      },
    );
  });
}
