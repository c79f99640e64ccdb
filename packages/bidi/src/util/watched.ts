/**
 * Counts promises still pending (a peer's `write()`, `read()`, `start()`), and wakes waiters whenever one
 * settles — how the end of a conversation knows which peer is stuck. @internal
 */
export class Watched {
  private pending = 0;
  private waiters: (() => void)[] = [];

  /** True while a tracked promise has not settled. */
  get busy(): boolean {
    return this.pending > 0;
  }

  /** Tracks `promise` and returns it unchanged. */
  track<T>(promise: Promise<T>): Promise<T> {
    this.pending++;
    const settled = (): void => {
      this.pending--;
      this.wake();
    };
    promise.then(settled, settled);
    return promise;
  }

  /** Resolves at the next change (a tracked promise settled, or {@link wake}). */
  next(): Promise<void> {
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}
