// The bounds every HTTP provider inherits: time to first byte, Retry-After cap, one event's size, deep bodies.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APICallError, InvalidResponseDataError } from '@tandem/core/spec';
import { ProviderTestServer, recordingSleep } from '@tandem/core/testing';
import { postJsonToApi } from './post-json-to-api.js';
import { readSseEvents } from './read-sse-events.js';
import { retryUntilFirstPart } from './retry-until-first-part.js';
import { streamSseWithRetry } from './stream-sse-with-retry.js';

/** A server that takes requests and answers them only when the test says (or never). */
async function silentServer(onRequest: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server & AsyncDisposable> {
  const server = createServer(onRequest);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(server, {
    [Symbol.asyncDispose]: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/x`;

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('timeoutMs (time to first byte)', () => {
  it('fails a request that gets no response headers with a retryable APICallError, after retrying', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let received = 0;
    const arrived: (() => void)[] = [];
    await using server = await silentServer(() => {
      received += 1;
      arrived.shift()?.();
    });
    const { sleep, delays } = recordingSleep();
    const waitForRequest = () => new Promise<void>((resolve) => arrived.push(resolve));
    let next = waitForRequest();
    const call = postJsonToApi({ provider: 'Acme', url: urlOf(server), body: {}, timeoutMs: 30_000, maxRetries: 1, sleep }).catch((e: unknown) => e);
    await next;
    next = waitForRequest();
    vi.advanceTimersByTime(30_000);
    await next;
    vi.advanceTimersByTime(30_000);
    const error = await call;
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).isRetryable).toBe(true);
    expect((error as APICallError).statusCode).toBeUndefined();
    expect((error as Error).message).toBe(
      'Acme sent no response within 30000 ms (timeoutMs). The service may be overloaded; retry, or raise timeoutMs for a model that takes long to start answering.',
    );
    expect(received).toBe(2);
    expect(delays).toEqual([2000]);
  });

  it('also covers a body that never starts, and stops counting once the first byte came', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pending: ServerResponse[] = [];
    const arrived: (() => void)[] = [];
    await using server = await silentServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      pending.push(res);
      arrived.shift()?.();
    });
    const requested = new Promise<void>((resolve) => arrived.push(resolve));
    const parts = collect(
      streamSseWithRetry({ provider: 'Acme', url: urlOf(server), body: {}, timeoutMs: 30_000, maxRetries: 0 }, async function* (events) {
        for await (const event of events) yield event.data;
      }),
    ).catch((e: unknown) => e);
    await requested;
    vi.advanceTimersByTime(30_000);
    expect(((await parts) as Error).message).toMatch(/^Acme sent no response within 30000 ms \(timeoutMs\)/);

    const started = new Promise<void>((resolve) => arrived.push(resolve));
    let gotFirst: () => void = () => undefined;
    const firstSeen = new Promise<void>((resolve) => {
      gotFirst = resolve;
    });
    const slow = (async () => {
      const seen: string[] = [];
      const events = streamSseWithRetry({ provider: 'Acme', url: urlOf(server), body: {}, timeoutMs: 30_000, maxRetries: 0 }, async function* (stream) {
        for await (const event of stream) yield event.data;
      });
      for await (const data of events) {
        seen.push(data);
        gotFirst();
      }
      return seen;
    })();
    await started;
    const res = pending.at(-1)!;
    res.write('data: one\n\n');
    await firstSeen;
    vi.advanceTimersByTime(120_000); // long after the deadline: it no longer applies once the first byte came
    res.end('data: two\n\n');
    await expect(slow).resolves.toEqual(['one', 'two']);
  });
});

describe('Retry-After over maxRetryAfterMs', () => {
  it('fails at once with the server delay in the error (no silent backoff)', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue({ type: 'json', status: 429, headers: { 'retry-after': '120' }, body: { error: { message: 'slow down' } } });
    const { sleep, delays } = recordingSleep();
    const error = (await postJsonToApi({ provider: 'Acme', url: server.url, body: {}, sleep }).catch((e: unknown) => e)) as APICallError;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.retryAfterMs).toBe(120_000);
    expect(error.statusCode).toBe(429);
    expect(error.message).toBe(
      'Acme API call failed with HTTP 429: slow down You are rate limited; retry later or lower the request rate. The server asked to retry after 120 s, longer than maxRetryAfterMs (60 s), so the call was not retried; retry after that delay (error.retryAfterMs), or raise maxRetryAfterMs.',
    );
    expect(delays).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('waits it out when it is within maxRetryAfterMs, in postJsonToApi and retryUntilFirstPart alike', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue({ type: 'json', status: 429, headers: { 'retry-after': '120' }, body: {} }, { type: 'json', body: { ok: true } });
    const { sleep, delays } = recordingSleep();
    await postJsonToApi({ provider: 'Acme', url: server.url, body: {}, sleep, maxRetryAfterMs: 180_000 });
    expect(delays).toEqual([120_000]);

    const attempts = collect(
      retryUntilFirstPart({
        sleep,
        attempt: async function* () {
          yield* [];
          throw new APICallError({ message: 'Overloaded', url: 'u', statusCode: 529, responseHeaders: { 'retry-after-ms': '90000' } });
        },
      }),
    );
    await expect(attempts).rejects.toSatisfy((error: unknown) => APICallError.isInstance(error) && error.retryAfterMs === 90_000 && /longer than maxRetryAfterMs \(60 s\)/.test(error.message));
  });
});

describe('maxEventBytes', () => {
  const stream = (text: string) => new Response(new Blob([text]).stream(), { headers: { 'content-type': 'text/event-stream' } });

  it('fails an event over the limit with InvalidResponseDataError, whatever the line endings', async () => {
    for (const newline of ['\n', '\r\n', '\r']) {
      const big = `data: ${'x'.repeat(2000)}${newline}${newline}`;
      const small = `data: ok${newline}${newline}`;
      await expect(collect(readSseEvents(stream(small + small + big), { provider: 'Acme', maxEventBytes: 1000 }))).rejects.toSatisfy(
        (error: unknown) =>
          InvalidResponseDataError.isInstance(error) && /^Acme sent a server-sent event of more than 1000 bytes \(maxEventBytes\)/.test(error.message),
      );
      // Many events that are each small pass, however long the stream: the same events as without a limit.
      const many = small.repeat(500);
      const unlimited = await collect(readSseEvents(stream(many), { provider: 'Acme' }));
      expect(unlimited.length).toBeGreaterThanOrEqual(499);
      expect(await collect(readSseEvents(stream(many), { provider: 'Acme', maxEventBytes: 1000 }))).toEqual(unlimited);
    }
  });
});

describe('request bodies nested deeper than the call stack', () => {
  it('are sent as they are', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue({ type: 'json', body: {} });
    let deep: unknown = 'leaf';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    await postJsonToApi({ provider: 'Acme', url: server.url, body: { input: deep } });
    expect(server.requests[0]!.bodyText).toBe(`{"input":${'['.repeat(20_000)}"leaf"${']'.repeat(20_000)}}`);
  });
});
