/**
 * A single-consumer async queue of events that can end normally or fail. Internal to the scripted
 * bidi model.
 * @internal
 */
export class ScriptedEventQueue<T> {
  private readonly items: T[] = [];
  private waiter: (() => void) | undefined;
  private state: 'open' | 'ended' | 'failed' = 'open';
  private failure: unknown;

  /** True once `end()` or `fail()` was called. */
  get finished(): boolean {
    return this.state !== 'open';
  }

  /** Events pushed but not yet taken by the consumer. */
  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    if (this.state !== 'open') return;
    this.items.push(item);
    this.wake();
  }

  /** Ends the stream after the queued items. */
  end(): void {
    if (this.state !== 'open') return;
    this.state = 'ended';
    this.wake();
  }

  /** Makes the stream throw `error` after the queued items. */
  fail(error: unknown): void {
    if (this.state !== 'open') return;
    this.state = 'failed';
    this.failure = error;
    this.wake();
  }

  /** Ends the stream now, discarding queued items. */
  discard(): void {
    this.items.length = 0;
    if (this.state === 'open') this.state = 'ended';
    this.wake();
  }

  async *iterate(): AsyncGenerator<T> {
    for (;;) {
      const item = this.items.shift();
      if (item !== undefined) {
        yield item;
        continue;
      }
      if (this.state === 'ended') return;
      if (this.state === 'failed') throw this.failure;
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
