import type { Clock } from '@tandem/core';

/**
 * The signal of {@link connectDeadline} and how to release its timer.
 *
 * @example
 * ```ts
 * const { signal, release } = connectDeadline(15_000, systemClock, () => new Error('setup timed out'));
 * ```
 *
 * @category Realtime
 */
export interface ConnectDeadline {
  /** Aborts with `timeoutError()` after the deadline, or with the caller's reason when its signal aborts. */
  readonly signal: AbortSignal;
  /** True once the deadline (not the caller) aborted `signal`. */
  readonly expired: () => boolean;
  /** Stops the timer and the caller-signal listener; call once `connect()` settled. */
  readonly release: () => void;
}

/**
 * A signal bounding one `connect()`: it aborts `ms` after now (on `clock`) with `timeoutError()`, or when
 * `callerSignal` aborts, with its reason — so a handshake that never completes cannot hang a caller that
 * passed no signal.
 *
 * @example
 * ```ts
 * const deadline = connectDeadline(15_000, systemClock, () => new Error('setup timed out'), request.signal);
 * try { await open(deadline.signal); } finally { deadline.release(); }
 * ```
 *
 * @category Realtime
 */
export function connectDeadline(ms: number, clock: Clock, timeoutError: () => Error, callerSignal?: AbortSignal): ConnectDeadline {
  const controller = new AbortController();
  let expired = false;
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted === true) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const handle = clock.setTimeout(() => {
    expired = true;
    controller.abort(timeoutError());
  }, ms);
  return {
    signal: controller.signal,
    expired: () => expired,
    release: () => {
      clock.clearTimeout(handle);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}
