import { EventsNotKeptError } from '../events/events-not-kept-error.js';

/**
 * A single-consumer async queue: producers `push()` without waiting; one iterator drains it.
 * `end(error?)` finishes iteration after the buffered items (throwing `error` at the end, if given).
 * Until an iterator is taken it keeps at most `unreadLimit` items: past that, nobody is reading, so it
 * frees what it holds and keeps nothing more (a caller that only awaits the result must not hold every
 * event of a long run); an iterator asked for afterwards throws `EventsNotKeptError` instead of silently
 * missing events. Once iterated it buffers without bound (the reader sets the pace).
 * @internal
 */
export class EventQueue<T> implements AsyncIterable<T> {
  private buffer: T[] = [];
  private head = 0;
  private waiter: ((result: IteratorResult<T>) => void) | undefined;
  private waiterReject: ((error: unknown) => void) | undefined;
  private ended = false;
  private failure: { error: unknown } | undefined;
  private taken = false;
  private dropping = false;

  constructor(private readonly unreadLimit = Number.POSITIVE_INFINITY) {}

  push(item: T): void {
    if (this.ended || this.dropping) return;
    if (!this.taken && this.buffer.length >= this.unreadLimit) {
      this.dropping = true;
      this.buffer = [];
      this.head = 0;
      return;
    }
    const waiter = this.waiter;
    if (waiter !== undefined) {
      this.waiter = undefined;
      this.waiterReject = undefined;
      waiter({ value: item, done: false });
      return;
    }
    this.buffer.push(item);
  }

  end(error?: { error: unknown }): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = error;
    const waiter = this.waiter;
    const reject = this.waiterReject;
    this.waiter = undefined;
    this.waiterReject = undefined;
    if (waiter === undefined) return;
    // Delivered to the waiting consumer: report it once, then the iterator is simply done.
    this.failure = undefined;
    if (error !== undefined) reject?.(error.error);
    else waiter({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    if (this.taken) {
      throw new TypeError(
        'This stream can only be iterated once (its events are not replayed). Keep the events you need while iterating, and await `result` for the outcome.',
      );
    }
    this.taken = true;
    if (this.dropping) {
      return {
        next: () => Promise.reject(new EventsNotKeptError(this.unreadLimit)),
        return: () => Promise.resolve({ value: undefined, done: true }),
      };
    }
    return {
      next: () => this.next(),
      return: () => {
        // The consumer left (break/return/throw): drop what is buffered and everything pushed later.
        this.buffer = [];
        this.head = 0;
        this.ended = true;
        this.failure = undefined;
        const waiter = this.waiter;
        this.waiter = undefined;
        this.waiterReject = undefined;
        waiter?.({ value: undefined, done: true });
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }

  private next(): Promise<IteratorResult<T>> {
    if (this.head < this.buffer.length) {
      const value = this.buffer[this.head] as T;
      this.buffer[this.head] = undefined as T;
      this.head++;
      if (this.head === this.buffer.length) {
        this.buffer = [];
        this.head = 0;
      } else if (this.head > 1024 && this.head * 2 > this.buffer.length) {
        this.buffer = this.buffer.slice(this.head);
        this.head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.ended) {
      if (this.failure !== undefined) {
        const { error } = this.failure;
        this.failure = undefined;
        return Promise.reject(error);
      }
      return Promise.resolve({ value: undefined, done: true });
    }
    return new Promise<IteratorResult<T>>((resolve, reject) => {
      this.waiter = resolve;
      this.waiterReject = reject;
    });
  }
}

/** How many events a run or stream keeps for a reader that has not started iterating. @internal */
export const UNREAD_EVENT_LIMIT = 10_000;
