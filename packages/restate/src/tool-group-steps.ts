import type { CancelledError, Context } from '@restatedev/restate-sdk';
import { deferred, type Deferred } from './deferred.js';
import { StepDriver, type SettledStep } from './step-driver.js';
import { untilAborted } from './until-aborted.js';

const SKIP = Symbol('skip');

interface GroupStep {
  readonly request: Deferred<unknown>;
  readonly settled: Promise<SettledStep<unknown>>;
  requested: boolean;
  /** Set when the step's action ran in this process (its value was not in the journal yet). */
  ran: boolean;
}

/** What a step of the group settled with, and whether its action ran in this process. @internal */
export interface TakenStep<V> {
  readonly value: V;
  readonly ran: boolean;
}

/**
 * The `ctx.run` steps of one tool group, created together — in a fixed order — as soon as the group's
 * model response is known, and awaited together through one {@link StepDriver}. Each step's action waits
 * until the agent hands it a request with {@link take}; steps nobody took are completed with their
 * `skipped` value by {@link end}, so the whole group is journaled before anything after it. @internal
 */
export class ToolGroupSteps {
  private readonly driver: StepDriver<unknown>;
  private readonly steps = new Map<string, GroupStep>();

  constructor(
    private readonly ctx: Context,
    onCancel: (error: CancelledError) => void,
  ) {
    this.driver = new StepDriver(onCancel);
  }

  get size(): number {
    return this.steps.size;
  }

  /** Creates the step `name` under `key`; `action` runs (at most once, only if the step is not journaled) with the request. */
  add<R, V>(key: string, name: string, action: (request: R) => Promise<V>, skipped: V): void {
    const request = deferred<unknown>();
    const run = this.ctx.run(name, async (): Promise<unknown> => {
      const requested = await request.promise;
      if (requested === SKIP) return skipped;
      step.ran = true;
      return action(requested as R);
    });
    const step: GroupStep = { request, settled: this.driver.add(key, run), requested: false, ran: false };
    this.steps.set(key, step);
  }

  /** Starts awaiting the steps (call once, after adding them all). */
  start(): void {
    this.driver.start();
  }

  /** Whether a step under `key` exists and was not taken yet. */
  available(key: string): boolean {
    const step = this.steps.get(key);
    return step !== undefined && !step.requested;
  }

  /**
   * Hands `request` to the step under `key` and resolves with its journaled value once it is journaled,
   * or rejects when `signal` aborts first. @throws Error when there is no such step, or it was taken.
   */
  async take<V>(key: string, request: unknown, signal: AbortSignal): Promise<TakenStep<V>> {
    const step = this.steps.get(key);
    if (step === undefined || step.requested) throw new Error(`no journal step "${key}" is waiting`);
    step.requested = true;
    step.request.resolve(request);
    const settled = await untilAborted(step.settled, signal);
    if ('failure' in settled) throw settled.failure;
    return { value: settled.value as V, ran: step.ran };
  }

  /** Ends the group: steps nobody took are skipped; resolves when all are journaled (or `attemptDone` aborts). */
  async end(attemptDone: AbortSignal): Promise<void> {
    for (const step of this.steps.values()) {
      if (step.requested) continue;
      step.requested = true;
      step.request.resolve(SKIP);
    }
    // After the invocation attempt ended nothing settles any more; don't wait for it.
    await untilAborted(this.driver.done(), attemptDone).catch(() => undefined);
  }
}
