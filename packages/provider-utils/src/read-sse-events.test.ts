import { IncompleteResponseError } from '@tandem/core/spec';
import { ProviderTestServer, rechunkingFetch } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSseEvents, type SseMessage } from './read-sse-events.js';

let server: ProviderTestServer;
beforeEach(async () => {
  server = await ProviderTestServer.start();
});
afterEach(async () => {
  await server.close();
});

async function collect(response: Response, signal?: AbortSignal): Promise<SseMessage[]> {
  const events: SseMessage[] = [];
  for await (const event of readSseEvents(response, { provider: 'Acme', signal })) events.push(event);
  return events;
}

const events = [{ data: '{"text":"Grüße 😀"}' }, { event: 'done', data: '[DONE]' }];

describe('readSseEvents', () => {
  it.each([1, 2, 3, 5])('decodes events whatever the chunk boundaries (%i-byte chunks)', async (size) => {
    server.enqueue({ type: 'sse', events });
    const response = await rechunkingFetch(size)(server.url);
    expect(await collect(response)).toEqual([{ data: '{"text":"Grüße 😀"}' }, { event: 'done', data: '[DONE]' }]);
  });

  it('ends quietly when the body ends, leaving the final-event check to the provider', async () => {
    server.enqueue({ type: 'sse', events: events.slice(0, 1), ending: 'end' });
    expect(await collect(await fetch(server.url))).toHaveLength(1);
  });

  it('throws IncompleteResponseError when the connection is cut', async () => {
    server.enqueue({ type: 'sse', events: events.slice(0, 1), ending: 'destroy' });
    const error = await collect(await fetch(server.url)).catch((e: unknown) => e);
    expect(IncompleteResponseError.isInstance(error)).toBe(true);
    expect((error as IncompleteResponseError).cause).toBeDefined();
  });

  it('throws the abort reason and closes the socket when the signal aborts', async () => {
    server.enqueue({ type: 'sse', events: events.slice(0, 1), ending: 'stall' });
    const controller = new AbortController();
    const response = await fetch(server.url, { signal: controller.signal });
    const seen: SseMessage[] = [];
    const done = (async () => {
      for await (const event of readSseEvents(response, { provider: 'Acme', signal: controller.signal })) seen.push(event);
    })().catch((e: unknown) => e);
    await server.requests[0]!.stalled;
    const reason = new Error('user abort');
    controller.abort(reason);
    expect(await done).toBe(reason);
    await server.requests[0]!.socketClosed;
  });

  it('throws the abort reason even when the body is not tied to the signal', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // One event, then the body stays open forever: only the signal can end it.
        controller.enqueue(new TextEncoder().encode('data: {"a":1}\n\n'));
      },
    });
    const controller = new AbortController();
    const reason = new Error('user abort');
    const seen: SseMessage[] = [];
    const done = (async () => {
      for await (const event of readSseEvents(new Response(body), { provider: 'Acme', signal: controller.signal })) {
        seen.push(event);
        controller.abort(reason);
      }
    })().catch((e: unknown) => e);
    expect(await done).toBe(reason);
    expect(seen).toHaveLength(1);
  });

  it('closes the connection when the consumer stops early', async () => {
    server.enqueue({ type: 'sse', events: events.slice(0, 1), ending: 'stall' });
    const response = await fetch(server.url);
    for await (const event of readSseEvents(response, { provider: 'Acme' })) {
      expect(event.data).toContain('Grüße');
      break;
    }
    await server.requests[0]!.socketClosed;
  });
});
