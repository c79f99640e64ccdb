/**
 * A single-consumer async stream of events that the producer ends (or that is discarded on close): what
 * the demo connection's `events()` yields.
 */
export class EventStream<T> {
  private readonly items: T[] = [];
  private waiter: (() => void) | undefined;
  private ended = false;

  /** True once the stream has ended. */
  get finished(): boolean {
    return this.ended;
  }

  /** Appends an event; ignored once the stream has ended. */
  push(item: T): void {
    if (this.ended) return;
    this.items.push(item);
    this.wake();
  }

  /** Ends the stream; queued events are dropped when `discard` is true, else read first. */
  end(discard = false): void {
    if (discard) this.items.length = 0;
    this.ended = true;
    this.wake();
  }

  async *iterate(): AsyncGenerator<T> {
    for (;;) {
      const item = this.items.shift();
      if (item !== undefined) {
        yield item;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
      });
    }
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }
}
