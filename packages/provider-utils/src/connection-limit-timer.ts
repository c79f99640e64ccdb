import { sleep, type Clock } from '@tandem/core';

/**
 * Starts the one timer of a realtime connection's limit: `onLimit(timeLeftMs)` runs `marginMs` before
 * `limitMs` (at once when the margin is larger), unless `signal` aborts first (the connection closed).
 *
 * @example
 * ```ts
 * startConnectionLimitTimer({ clock: systemClock, limitMs: 480_000, marginMs: 60_000, signal, onLimit: (timeLeftMs) => goAway(timeLeftMs) });
 * ```
 *
 * @category Realtime
 * @internal
 */
export function startConnectionLimitTimer(options: {
  readonly clock: Clock;
  readonly limitMs: number;
  readonly marginMs: number;
  readonly signal: AbortSignal;
  readonly onLimit: (timeLeftMs: number) => void;
}): void {
  const { clock, limitMs, marginMs, signal, onLimit } = options;
  sleep(Math.max(0, limitMs - marginMs), signal, clock).then(
    () => onLimit(Math.min(marginMs, limitMs)),
    () => undefined,
  );
}
