import { sleep } from '../util/sleep.js';

/**
 * A source of time and delays, injectable so tests control it.
 *
 * @category Clocks
 */
export interface Clock {
  /** Milliseconds since an arbitrary origin. */
  now(): number;
  /** Resolves after `ms`; rejects with `signal.reason` (and clears its timer) if `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * The real clock (`Date.now` + `setTimeout`); also follows vitest/jest fake timers.
 *
 * @category Clocks
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep,
};

interface Sleeper {
  readonly at: number;
  readonly resolve: () => void;
}

/**
 * A clock that only moves when told. `advance(ms)` wakes every sleeper due by then, in time order,
 * letting awaited work run between wake-ups.
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
  private sleepers: Sleeper[] = [];

  now(): number {
    return this.time;
  }

  /** Number of pending sleeps. */
  get pending(): number {
    return this.sleepers.length;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const sleeper: Sleeper = {
        at: this.time + Math.max(0, ms),
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        this.sleepers = this.sleepers.filter((s) => s !== sleeper);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.sleepers.push(sleeper);
    });
  }

  /** Moves time forward by `ms`, waking sleepers in order and yielding to the event loop after each. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      await flushMicrotasks();
      const due = this.sleepers.filter((s) => s.at <= target).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      this.sleepers = this.sleepers.filter((s) => s !== due);
      this.time = due.at;
      due.resolve();
    }
    this.time = target;
    await flushMicrotasks();
  }
}

async function flushMicrotasks(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
}
