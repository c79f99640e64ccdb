import type { Clock as CoreClock, ClockTimer } from '../clock/clock.js';
import { systemClock as coreSystemClock } from '../clock/system-clock.js';
import { sleep } from '../util/sleep.js';

/**
 * The core `Clock`, re-exported for older imports.
 *
 * @deprecated Import `Clock` from `@tandem/core`; `@tandem/core/testing` keeps only test doubles.
 *
 * @example
 * ```ts
 * import { systemClock, type Clock } from '@tandem/core';
 * const clock: Clock = systemClock;
 * ```
 *
 * @category Clocks
 */
export type Clock = CoreClock;

/**
 * @deprecated Import `systemClock` from `@tandem/core`.
 *
 * @category Clocks
 */
export const systemClock: Clock = coreSystemClock;

interface Timer {
  readonly id: number;
  readonly at: number;
  readonly callback: () => void;
}

/**
 * A clock that only moves when told. `advance(ms)` fires every timer due by then, in time order, letting awaited
 * work run between firings. Implements the core `Clock` (`now`, `setTimeout`, `clearTimeout`) and adds `sleep`.
 *
 * @example
 * ```ts
 * const clock = new ManualClock();
 * const model = new ScriptedModel({ responses: [textResponse('hi')], clock, partDelayMs: 10 });
 * const run = agent.run(model, [userMessage('hey')]);
 * await clock.advance(100);
 * ```
 *
 * @category Clocks
 */
export class ManualClock implements Clock {
  private time = 0;
  private nextId = 1;
  private timers: Timer[] = [];

  now(): number {
    return this.time;
  }

  /** Number of pending timers (sleeps included). */
  get pending(): number {
    return this.timers.length;
  }

  setTimeout(callback: () => void, ms: number): ClockTimer {
    const timer: Timer = { id: this.nextId++, at: this.time + Math.max(0, ms), callback };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: ClockTimer): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  /** Resolves after `ms` of this clock's time; rejects with `signal.reason` if `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleep(ms, signal, this);
  }

  /** Moves time forward by `ms`, firing due timers in order and yielding to the event loop after each. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      await flushMicrotasks();
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (due === undefined) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.callback();
    }
    this.time = target;
    await flushMicrotasks();
  }
}

async function flushMicrotasks(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
}
