/**
 * A single-consumer async queue, the `events()` stream of a realtime (bidi) model connection: the socket's
 * handlers `push` events as they arrive without waiting, then `end()` or `fail(error)` it once;
 * {@link AsyncEventQueue.iterate} yields the events in order and then returns — or throws the error —
 * after the last one. Events pushed after the end are ignored; `discard()` ends it at once, dropping what
 * was not read yet (a connection closed by its user).
 *
 * @example
 * ```ts
 * class AcmeConnection implements BidiConnection {
 *   private readonly queue = new AsyncEventQueue<BidiModelEvent>();
 *   constructor(socket: WebSocket) {
 *     socket.on('message', (data) => this.queue.push(toBidiEvent(data)));
 *     socket.on('close', (code) => (code === 1000 ? this.queue.end() : this.queue.fail(new Error(`closed with ${code}`))));
 *   }
 *   events(): AsyncIterable<BidiModelEvent> {
 *     return this.queue.iterate();
 *   }
 * }
 * ```
 *
 * @category Utilities
 */
export class AsyncEventQueue<T> {
  private readonly items: T[] = [];
  private waiter: (() => void) | undefined;
  private done = false;
  private failure: { readonly error: unknown } | undefined;
  private iterating = false;

  /** True once `end()`, `fail()` or `discard()` was called. */
  get ended(): boolean {
    return this.done;
  }

  /** Appends an event; ignored once the queue has ended. */
  push(item: T): void {
    if (this.done) return;
    this.items.push(item);
    this.wake();
  }

  /** Ends the stream after the queued events. */
  end(): void {
    this.done = true;
    this.wake();
  }

  /** Makes the stream throw `error` after the queued events; ignored once the queue has ended. */
  fail(error: unknown): void {
    if (this.done) return;
    this.failure = { error };
    this.done = true;
    this.wake();
  }

  /** Ends the stream now: the events not read yet are dropped. */
  discard(): void {
    this.items.length = 0;
    this.end();
  }

  /**
   * The events, in order; returns after the last one once the queue has ended, or throws the error given
   * to `fail()`. One consumer only: a second iteration throws.
   */
  async *iterate(): AsyncGenerator<T, void, undefined> {
    if (this.iterating) throw new Error('events() can be iterated only once per connection.');
    this.iterating = true;
    for (;;) {
      if (this.items.length > 0) {
        yield this.items.shift() as T;
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
