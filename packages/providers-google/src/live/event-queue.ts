/**
 * A single-consumer async queue: `push` values, then `end()` or `fail(error)` once; `iterate()` yields the
 * values in order and then returns or throws. @internal
 */
export class EventQueue<T> {
  private readonly items: T[] = [];
  private waiter: (() => void) | undefined;
  private done = false;
  private failure: { readonly error: unknown } | undefined;
  private iterating = false;

  /** True once `end()` or `fail()` was called. */
  get ended(): boolean {
    return this.done;
  }

  push(item: T): void {
    if (this.done) return;
    this.items.push(item);
    this.wake();
  }

  end(): void {
    this.done = true;
    this.wake();
  }

  fail(error: unknown): void {
    if (this.done) return;
    this.failure = { error };
    this.done = true;
    this.wake();
  }

  async *iterate(): AsyncGenerator<T, void, undefined> {
    if (this.iterating) throw new Error('events() can be iterated only once per connection.');
    this.iterating = true;
    for (;;) {
      const item = this.items.shift();
      if (item !== undefined) {
        yield item;
        continue;
      }
      if (this.done) {
        if (this.failure !== undefined) throw this.failure.error;
        return;
      }
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
