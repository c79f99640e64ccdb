import { afterEach, describe, expect, it } from 'vitest';
import { ProviderTestServer } from './provider-test-server.js';
import { rechunkingFetch } from './rechunking-fetch.js';

let server: ProviderTestServer;
afterEach(async () => {
  await server.close();
});

async function start(): Promise<ProviderTestServer> {
  server = await ProviderTestServer.start();
  return server;
}

describe('ProviderTestServer', () => {
  it('listens on loopback and captures method, path, headers and the JSON body', async () => {
    await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    server.enqueue({ type: 'json', body: { ok: true } });
    const response = await fetch(`${server.baseURL('/v1')}/things?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-custom': 'yes' },
      body: JSON.stringify({ hello: 'wörld' }),
    });
    expect(await response.json()).toEqual({ ok: true });
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/things?x=1', body: { hello: 'wörld' } });
    expect(request?.headers['x-custom']).toBe('yes');
  });

  it('answers scripted responses in order, then the fallback, then a 500 naming the request', async () => {
    await start();
    server.enqueue({ type: 'json', status: 429, headers: { 'retry-after': '2' }, body: { error: 'slow' } });
    server.enqueue((request) => ({ type: 'json', body: { echo: request.path } }));
    const first = await fetch(`${server.url}/a`);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('2');
    await first.text();
    expect(await (await fetch(`${server.url}/b`)).json()).toEqual({ echo: '/b' });
    const unscripted = await fetch(`${server.url}/c`);
    expect(unscripted.status).toBe(500);
    expect(await unscripted.text()).toContain('no scripted response for request #3 (GET /c)');
    server.setFallback({ type: 'json', body: 'raw text' });
    expect(await (await fetch(`${server.url}/d`)).text()).toBe('raw text');
  });

  it('streams SSE events, also split into byte pieces', async () => {
    await start();
    const events = [{ data: '{"t":"ä€😀"}' }, { event: 'done', data: '{}' }];
    server.enqueue({ type: 'sse', events }, { type: 'sse', events, writeChunkSize: 1 });
    const whole = await fetch(server.url);
    expect(whole.headers.get('content-type')).toBe('text/event-stream');
    const expected = 'data: {"t":"ä€😀"}\n\nevent: done\ndata: {}\n\n';
    expect(await whole.text()).toBe(expected);
    expect(await (await fetch(server.url)).text()).toBe(expected);
  });

  it('destroys the socket for a cut stream, so the client sees a network error', async () => {
    await start();
    server.enqueue({ type: 'sse', events: [{ data: '{}' }], ending: 'destroy' });
    const response = await fetch(server.url);
    await expect(response.text()).rejects.toThrow();
  });

  it('ends the response cleanly for ending "end"', async () => {
    await start();
    server.enqueue({ type: 'raw', chunks: ['a', new Uint8Array([98])], ending: 'end', headers: { 'content-type': 'text/plain' } });
    expect(await (await fetch(server.url)).text()).toBe('ab');
  });

  it('stalls a stream until the client aborts, and reports the closed socket', async () => {
    await start();
    server.enqueue({ type: 'sse', events: [{ data: '{"n":1}' }], ending: 'stall' });
    const controller = new AbortController();
    const response = await fetch(server.url, { signal: controller.signal });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: {"n":1}\n\n');
    const request = server.requests[0]!;
    await request.stalled;
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(reader.read()).rejects.toBeDefined();
    await request.socketClosed;
  });
});

describe('rechunkingFetch', () => {
  it('delivers the body in pieces of exactly n bytes', async () => {
    await start();
    server.enqueue({ type: 'raw', chunks: ['héllo wörld'] });
    const response = await rechunkingFetch(3)(server.url);
    const reader = response.body!.getReader();
    const sizes: number[] = [];
    const bytes: number[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      sizes.push(value.length);
      bytes.push(...value);
    }
    expect(new TextDecoder().decode(new Uint8Array(bytes))).toBe('héllo wörld');
    expect(sizes).toEqual([3, 3, 3, 3, 1]);
  });

  it('rejects a chunk size below 1', () => {
    expect(() => rechunkingFetch(0)).toThrow(RangeError);
  });
});
