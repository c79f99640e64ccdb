import { afterEach, describe, expect, it } from 'vitest';
import { serve } from '../__fixtures__/loopback.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('toNodeHandler', () => {
  it('hands the fetch handler a Request (method, URL, headers, body) and writes its Response back (status, headers, cookies)', async () => {
    const server = await serve(async (request) => {
      const body = await request.text();
      const headers = new Headers({ 'x-echo': request.headers.get('x-token') ?? '' });
      headers.append('set-cookie', 'a=1');
      headers.append('set-cookie', 'b=2');
      return new Response(`${request.method} ${new URL(request.url).pathname}?${new URL(request.url).searchParams.get('q')} ${body}`, { status: 201, headers });
    });
    closers.push(server.close);
    const response = await fetch(`${server.url}/api/chat?q=1`, { method: 'POST', headers: { 'x-token': 't' }, body: 'hello' });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-echo')).toBe('t');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.text()).toBe('POST /api/chat?1 hello');
  });

  it('answers 500 when the handler throws before responding', async () => {
    const server = await serve(() => {
      throw new Error('boom');
    });
    closers.push(server.close);
    const response = await fetch(server.url);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('Internal Server Error');
  });

  it('streams the body as it is produced, and cancels it when the client disconnects', async () => {
    let cancelled: (reason: unknown) => void = () => undefined;
    const cancel = new Promise<unknown>((resolve) => (cancelled = resolve));
    const server = await serve(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('first'));
            },
            cancel: (reason) => cancelled(reason),
          }),
        ),
    );
    closers.push(server.close);
    const client = new AbortController();
    const response = await fetch(server.url, { signal: client.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first');
    client.abort();
    expect(await cancel).toBeInstanceOf(Error);
  });
});
