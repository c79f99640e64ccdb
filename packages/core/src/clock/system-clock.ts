import type { Clock, ClockTimer } from './clock.js';

/**
 * The real clock: `Date.now()` and the global `setTimeout`/`clearTimeout`, looked up on every call so fake timers
 * (vitest, jest) apply to it.
 *
 * @example
 * ```ts
 * import { systemClock } from '@tandem/core';
 * systemClock.setTimeout(() => console.log('tick'), 10);
 * ```
 *
 * @category Clocks
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback: () => void, ms: number): ClockTimer => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle: ClockTimer): void => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
};
