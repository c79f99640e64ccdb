import { describe, expect, it } from 'vitest';
import { APICallError, IncompleteResponseError } from '@tandem/core/spec';
import { retryUntilFirstPart } from './retry-until-first-part.js';

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

function recorder() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

const overloaded = (headers?: { [name: string]: string }) =>
  new APICallError({ message: 'Overloaded', url: 'http://x', statusCode: 529, responseHeaders: headers });

describe('retryUntilFirstPart', () => {
  it('retries failures before the first part with backoff and retry-after', async () => {
    const { delays, sleep } = recorder();
    const attempts: number[] = [];
    const parts = await collect(
      retryUntilFirstPart({
        sleep,
        attempt: async function* (retry) {
          attempts.push(retry);
          if (retry === 0) throw overloaded({ 'retry-after': '3' });
          if (retry === 1) throw new IncompleteResponseError({ provider: 'acme' });
          yield 'a';
          yield 'b';
        },
      }),
    );
    expect(parts).toEqual(['a', 'b']);
    expect(attempts).toEqual([0, 1, 2]);
    expect(delays).toEqual([3000, 4000]);
  });

  it('gives up after maxRetries with the last error', async () => {
    const { delays, sleep } = recorder();
    const error = overloaded();
    await expect(
      // eslint-disable-next-line require-yield -- an attempt that fails before its first part
      collect(retryUntilFirstPart({ sleep, maxRetries: 1, initialRetryDelayMs: 10, attempt: async function* () { throw error; } })),
    ).rejects.toBe(error);
    expect(delays).toEqual([10]);
  });

  it('never retries after a part was yielded, nor non-retryable errors', async () => {
    const { delays, sleep } = recorder();
    let calls = 0;
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const part of retryUntilFirstPart({
          sleep,
          attempt: async function* () {
            calls++;
            yield 'a';
            throw overloaded();
          },
        })) seen.push(part);
      })(),
    ).rejects.toThrow('Overloaded');
    expect(seen).toEqual(['a']);
    const bad = new APICallError({ message: 'Bad', url: 'http://x', statusCode: 400 });
    // eslint-disable-next-line require-yield -- an attempt that fails before its first part
    await expect(collect(retryUntilFirstPart({ sleep, attempt: async function* () { calls++; throw bad; } }))).rejects.toBe(bad);
    expect(calls).toBe(2);
    expect(delays).toEqual([]);
  });

  it('throws the abort reason instead of retrying', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    await expect(
      collect(
        retryUntilFirstPart({
          signal: controller.signal,
          sleep: async () => undefined,
          // eslint-disable-next-line require-yield -- an attempt that fails before its first part
          attempt: async function* () {
            controller.abort(reason);
            throw overloaded();
          },
        }),
      ),
    ).rejects.toThrow('Overloaded');
    await expect(collect(retryUntilFirstPart({ signal: controller.signal, attempt: async function* () { yield 1; } }))).rejects.toBe(reason);
  });
});
