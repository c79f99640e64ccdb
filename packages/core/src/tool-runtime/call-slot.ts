/**
 * The concurrency slots of one tool group. A call takes one to run and gives it back while it waits for
 * a person's approval, so a waiting call never holds up the rest of its group. @internal
 */
export class SlotPool {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Takes a slot now if one is free. */
  tryTake(): boolean {
    if (this.active >= this.limit) return false;
    this.active++;
    return true;
  }

  /** Takes a slot, waiting for one in turn. */
  take(): Promise<void> {
    if (this.tryTake()) return Promise.resolve();
    return new Promise<void>((resolve) => this.queue.push(resolve));
  }

  /** Gives a slot back: handed straight to the next waiting call, so nothing started in between can take it too. */
  give(): void {
    const next = this.queue.shift();
    if (next === undefined) this.active--;
    else next();
  }
}

/**
 * What one call of a group holds: its slot (given back while it waits for approval) and the signal that
 * cancels its approval wait when the run ends after this group (a deferred end). @internal
 */
export interface CallSlot {
  /** Gives the slot back (no-op when none is held). */
  release(): void;
  /** Takes a slot again, waiting for one in turn. */
  reacquire(): Promise<void>;
  /** Marks the call as waiting for approval; the signal aborts when a deferred end cancels the wait. */
  beginApprovalWait(): AbortSignal;
  endApprovalWait(): void;
}
