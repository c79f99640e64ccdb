import { describe, expect, it } from 'vitest';
import { AsyncEventQueue } from './async-event-queue.js';

async function drain<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('AsyncEventQueue', () => {
  it('yields what was pushed, in order, and returns after the last event once ended', async () => {
    const queue = new AsyncEventQueue<number>();
    queue.push(1);
    queue.push(2);
    expect(queue.ended).toBe(false);
    queue.end();
    expect(queue.ended).toBe(true);
    queue.push(3); // after the end: ignored
    expect(await drain(queue.iterate())).toEqual([1, 2]);
  });

  it('wakes a waiting consumer for each push and for the end', async () => {
    const queue = new AsyncEventQueue<string>();
    const iterator = queue.iterate();
    const first = iterator.next();
    queue.push('a');
    expect(await first).toEqual({ value: 'a', done: false });
    const second = iterator.next();
    queue.end();
    expect(await second).toEqual({ value: undefined, done: true });
  });

  it('throws the failure after the queued events; a later fail or push changes nothing', async () => {
    const queue = new AsyncEventQueue<number>();
    const boom = new Error('socket lost');
    queue.push(1);
    queue.fail(boom);
    queue.fail(new Error('later'));
    queue.push(2);
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of queue.iterate()) seen.push(item);
      })(),
    ).rejects.toBe(boom);
    expect(seen).toEqual([1]);
  });

  it('fail after end is ignored: the stream ends normally', async () => {
    const queue = new AsyncEventQueue<number>();
    queue.end();
    queue.fail(new Error('too late'));
    expect(await drain(queue.iterate())).toEqual([]);
  });

  it('discard ends at once, dropping the events not read yet', async () => {
    const queue = new AsyncEventQueue<number>();
    const iterator = queue.iterate();
    queue.push(1);
    queue.push(2);
    expect(await iterator.next()).toEqual({ value: 1, done: false });
    queue.discard();
    expect(queue.ended).toBe(true);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('keeps undefined events (the queue is not emptied by a falsy value)', async () => {
    const queue = new AsyncEventQueue<number | undefined>();
    queue.push(undefined);
    queue.push(0);
    queue.end();
    expect(await drain(queue.iterate())).toEqual([undefined, 0]);
  });

  it('has one consumer: a second iteration throws', async () => {
    const queue = new AsyncEventQueue<number>();
    queue.end();
    await drain(queue.iterate());
    await expect(drain(queue.iterate())).rejects.toThrow('events() can be iterated only once per connection.');
  });
});
