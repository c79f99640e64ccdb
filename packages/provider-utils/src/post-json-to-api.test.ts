import { APICallError } from '@tandem/core/spec';
import { ProviderTestServer, recordingSleep } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postJsonToApi } from './post-json-to-api.js';

const KEY = 'sk-unit-SECRET-4242';
let server: ProviderTestServer;
beforeEach(async () => {
  server = await ProviderTestServer.start();
});
afterEach(async () => {
  await server.close();
});

function post(extra: Partial<Parameters<typeof postJsonToApi>[0]> = {}) {
  const { sleep, delays } = recordingSleep();
  const promise = postJsonToApi({
    provider: 'Acme',
    url: `${server.url}/v1/chat`,
    headers: { authorization: `Bearer ${KEY}`, 'x-skip': undefined },
    body: { hello: 'world' },
    secrets: [KEY],
    sleep,
    ...extra,
  });
  return { promise, delays };
}

describe('postJsonToApi', () => {
  it('POSTs JSON with the given headers and returns the response', async () => {
    server.enqueue({ type: 'json', body: { ok: true } });
    const { promise } = post();
    expect(await (await promise).json()).toEqual({ ok: true });
    const request = server.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.body).toEqual({ hello: 'world' });
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.headers).not.toHaveProperty('x-skip');
  });

  it('retries 429/5xx with backoff and Retry-After, then succeeds', async () => {
    server.enqueue(
      { type: 'json', status: 503, body: { error: { message: 'overloaded' } } },
      { type: 'json', status: 429, headers: { 'retry-after': '7' }, body: {} },
      { type: 'json', body: { ok: 1 } },
    );
    const { promise, delays } = post();
    expect((await promise).status).toBe(200);
    expect(delays).toEqual([2000, 7000]);
    expect(server.requests).toHaveLength(3);
  });

  it('gives up after maxRetries with the last APICallError, the key redacted everywhere', async () => {
    server.setFallback({ type: 'json', status: 500, body: { error: { message: `boom for key ${KEY}` } } });
    const { promise, delays } = post({ maxRetries: 1, initialRetryDelayMs: 10 });
    const error = await promise.catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    const apiError = error as APICallError;
    expect(apiError.statusCode).toBe(500);
    expect(apiError.isRetryable).toBe(true);
    expect(apiError.message).toBe('Acme API call failed with HTTP 500: boom for key [REDACTED]');
    expect(apiError.responseBody).toContain('[REDACTED]');
    expect(JSON.stringify(apiError)).not.toContain(KEY);
    expect(delays).toEqual([10]);
  });

  it('does not retry 400 and 401, and adds a hint', async () => {
    server.enqueue({ type: 'json', status: 401, body: { error: { message: 'bad key' } } });
    const error = (await post().promise.catch((e: unknown) => e)) as APICallError;
    expect(error.statusCode).toBe(401);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('Check the API key');
    expect(server.requests).toHaveLength(1);
  });

  it('keeps a non-JSON error body as the message', async () => {
    server.enqueue({ type: 'json', status: 404, body: 'Not Found' });
    const error = (await post().promise.catch((e: unknown) => e)) as APICallError;
    expect(error.message).toContain('HTTP 404: Not Found');
    expect(error.message).toContain('baseURL');
  });

  it('turns network failures into retryable APICallErrors without status, and retries them', async () => {
    const url = server.url;
    await server.close();
    const { sleep, delays } = recordingSleep();
    const error = await postJsonToApi({ provider: 'Acme', url: `${url}/v1/x?key=${KEY}`, body: {}, sleep, secrets: [KEY] }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBeUndefined();
    expect((error as APICallError).isRetryable).toBe(true);
    expect((error as APICallError).url).toBe(`${url}/v1/x?key=[REDACTED]`);
    expect((error as Error).message).toMatch(/Cannot reach Acme/);
    expect((error as Error).message).not.toContain(KEY);
    expect(delays).toEqual([2000, 4000]);
    server = await ProviderTestServer.start();
  });

  it('throws the abort reason at once, also during a backoff wait, without more requests', async () => {
    server.setFallback({ type: 'json', status: 500, body: {} });
    const controller = new AbortController();
    const reason = new Error('stop');
    const error = await postJsonToApi({
      provider: 'Acme',
      url: server.url,
      body: {},
      signal: controller.signal,
      sleep: async (_ms, signal) => {
        controller.abort(reason);
        signal?.throwIfAborted();
      },
    }).catch((e: unknown) => e);
    expect(error).toBe(reason);
    expect(server.requests).toHaveLength(1);
  });
});
