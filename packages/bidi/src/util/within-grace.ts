import { sleep, type Clock } from '@tandem/core';

/** The reason the grace timer is cancelled with (cheaper than a DOMException per call). */
const SETTLED = new Error('settled within the grace period');

/**
 * Waits for `work` to settle, but no longer than `graceMs` on `clock`; resolves true when it settled in
 * time. The timer is always cleared. @internal
 */
export async function withinGrace(work: Promise<unknown>, clock: Clock, graceMs: number): Promise<boolean> {
  const timer = new AbortController();
  const timeout = sleep(graceMs, timer.signal, clock).then(
    () => false,
    () => false,
  );
  try {
    return await Promise.race([work.then(() => true, () => true), timeout]);
  } finally {
    timer.abort(SETTLED);
  }
}
