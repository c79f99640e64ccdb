/**
 * A single-consumer async queue: `push` values, then `end()` or `fail(error)` once; `iterate()` yields the
 * values in order and then ends or throws.
 * @internal
 */
export class NovaEventQueue<T> {
  private readonly items: T[] = [];
  private waiter: (() => void) | undefined;
  private done = false;
  private failure: { readonly error: unknown } | undefined;
  private iterating = false;

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
      if (this.items.length > 0) {
        yield this.items.shift()!;
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
