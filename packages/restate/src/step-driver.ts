import { CancelledError, RestatePromise } from '@restatedev/restate-sdk';
import { deferred, type Deferred } from './deferred.js';

/**
 * How a step settled: its journaled value, or its failure — the `TerminalError` journaled for it, or the
 * error that ended the invocation attempt before it settled. @internal
 */
export type SettledStep<T> = { readonly value: T } | { readonly failure: unknown };

interface Pending<T> {
  readonly step: RestatePromise<T>;
  readonly settled: Deferred<SettledStep<T>>;
}

/**
 * Awaits a fixed set of concurrent `ctx.run` steps the one way the Restate SDK allows: through a single
 * await point. The SDK's progress loop has a single waiter, so awaiting two running steps separately makes
 * the invocation fail ("awaitNext already pending"); instead the driver awaits `RestatePromise.race` over
 * every unsettled step (which also starts their actions) and hands each result to its own promise as it
 * is journaled — so no result is seen before it is durable. Steps are added once, before `start()`. @internal
 */
export class StepDriver<T> {
  private readonly pending = new Map<string, Pending<T>>();
  private driving: Promise<void> | undefined;

  constructor(private readonly onCancel: (error: CancelledError) => void) {}

  /** Adds a step; resolves when its result is in the journal. */
  add(key: string, step: RestatePromise<T>): Promise<SettledStep<T>> {
    const settled = deferred<SettledStep<T>>();
    this.pending.set(key, { step, settled });
    return settled.promise;
  }

  /** Starts awaiting the steps added so far. */
  start(): void {
    this.driving ??= this.drive();
  }

  /** Resolves once every step has settled (or the driver gave up). */
  async done(): Promise<void> {
    await this.driving;
  }

  private async drive(): Promise<void> {
    while (this.pending.size > 0) {
      const tagged = [...this.pending].map(([key, { step }]) =>
        step.map((value, failure) => (failure === undefined ? { key, settled: { value: value as T } } : { key, settled: { failure } })),
      );
      let next: { key: string; settled: SettledStep<T> };
      try {
        next = await RestatePromise.race(tagged);
      } catch (error) {
        // A Restate cancellation interrupts this await once; the steps go on (their tools see the cancel).
        if (error instanceof CancelledError) {
          this.onCancel(error);
          continue;
        }
        // The attempt is over: nothing will settle any more.
        for (const { settled } of this.pending.values()) settled.resolve({ failure: error });
        this.pending.clear();
        return;
      }
      const entry = this.pending.get(next.key);
      this.pending.delete(next.key);
      entry?.settled.resolve(next.settled);
    }
  }
}
