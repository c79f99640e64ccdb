import { describe, expect, it } from 'vitest';
import { streamSseWithRetry } from './stream-sse-with-retry.js';

function sse(lines: string[]): Response {
  return new Response(lines.map((line) => `data: ${line}\n\n`).join(''), { headers: { 'content-type': 'text/event-stream' } });
}

describe('streamSseWithRetry', () => {
  it('retries a retryable HTTP error before the first part, then maps the events of the successful call', async () => {
    const calls: unknown[] = [];
    const delays: number[] = [];
    const fetchStub: typeof fetch = async (_url, init) => {
      calls.push(JSON.parse(String(init?.body)));
      return calls.length === 1
        ? new Response('{"error":"busy"}', { status: 429, headers: { 'retry-after-ms': '5' } })
        : sse(['{"n":1}', '{"n":2}']);
    };
    const parts: number[] = [];
    const stream = streamSseWithRetry(
      { provider: 'Acme', url: 'http://127.0.0.1/v1/x', body: { q: 1 }, fetch: fetchStub, maxRetries: 2, sleep: async (ms) => void delays.push(ms) },
      async function* (events) {
        for await (const event of events) yield (JSON.parse(event.data) as { n: number }).n;
      },
    );
    for await (const part of stream) parts.push(part);
    expect(parts).toEqual([1, 2]);
    expect(calls).toEqual([{ q: 1 }, { q: 1 }]);
    expect(delays).toEqual([5]);
  });

  it('does not retry a non-retryable error, and keeps secrets out of it', async () => {
    let calls = 0;
    const fetchStub: typeof fetch = async () => {
      calls++;
      return new Response('{"error":"bad key sk-secret"}', { status: 401 });
    };
    const stream = streamSseWithRetry(
      { provider: 'Acme', url: 'http://127.0.0.1/v1/x', body: {}, fetch: fetchStub, maxRetries: 2, secrets: ['sk-secret'] },
      async function* (events) {
        for await (const event of events) yield event.data;
      },
    );
    const error = await (async () => {
      try {
        for await (const _ of stream) void _;
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(calls).toBe(1);
    expect(error).toMatchObject({ name: 'APICallError', statusCode: 401, isRetryable: false });
    expect(JSON.stringify(error) + String((error as Error).message) + String((error as { responseBody?: string }).responseBody)).not.toContain('sk-secret');
  });
});
