/**
 * An opaque timer handle returned by {@link Clock.setTimeout}; pass it back to {@link Clock.clearTimeout}.
 *
 * @example
 * ```ts
 * const handle: ClockTimer = systemClock.setTimeout(() => console.log('later'), 100);
 * systemClock.clearTimeout(handle);
 * ```
 *
 * @category Clocks
 */
export type ClockTimer = unknown;

/**
 * A source of time and timers, injectable so tests control it. Every package that takes a clock takes this one;
 * `systemClock` is the real one and `ManualClock` (from `@tandem/core/testing`) a test double.
 *
 * @example
 * ```ts
 * import { systemClock, type Clock } from '@tandem/core';
 * const clock: Clock = systemClock;
 * const started = clock.now();
 * clock.setTimeout(() => console.log(`${clock.now() - started} ms later`), 50);
 * ```
 *
 * @category Clocks
 */
export interface Clock {
  /** Milliseconds, as `Date.now()`. */
  now(): number;
  /** Calls `callback` once after `ms` milliseconds; returns a handle for {@link Clock.clearTimeout}. */
  setTimeout(callback: () => void, ms: number): ClockTimer;
  /** Cancels a timer made by {@link Clock.setTimeout}; a handle that already fired or was cleared is ignored. */
  clearTimeout(handle: ClockTimer): void;
}
