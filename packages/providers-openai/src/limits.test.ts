// The provider's bounds: an empty 200 body is retried (as Anthropic and Google do), the time to first
// byte is bounded, and a Retry-After beyond maxRetryAfterMs fails at once with the server's delay.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APICallError } from '@tandem/core/spec';
import { collectModelStream, contractTools, loadSseFixture, ProviderTestServer, recordingSleep } from '@tandem/core/testing';
import { createOpenAI } from './openai-provider.js';

const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: contractTools };

afterEach(() => {
  vi.useRealTimers();
});

describe.each(['responses', 'chat'] as const)('OpenAI %s limits', (api) => {
  const text = () => ({ type: 'sse' as const, events: loadSseFixture(new URL(`./__fixtures__/${api}/`, import.meta.url), 'text') });

  it('retries an empty 200 body before the first part, like any cut stream', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue({ type: 'raw', headers: { 'content-type': 'text/event-stream' }, chunks: [] }, text());
    const { sleep, delays } = recordingSleep();
    const result = await collectModelStream(createOpenAI({ apiKey: 'sk-test-limits', baseURL: server.baseURL('/v1'), sleep })[api]('gpt-4.1').stream(request));
    expect(result.text).toBe('Hello! How can I help today?');
    expect(server.requests).toHaveLength(2);
    expect(delays).toEqual([2000]);
  });

  it('fails a call whose stream never starts after timeoutMs, retrying it first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await using server = await ProviderTestServer.start();
    const arrivals: (() => void)[] = [];
    const arrived = () => new Promise<void>((resolve) => arrivals.push(resolve));
    server.setFallback(() => {
      arrivals.shift()?.();
      return { type: 'raw', headers: { 'content-type': 'text/event-stream' }, chunks: [], ending: 'stall' };
    });
    const model = createOpenAI({ apiKey: 'sk-test-limits', baseURL: server.baseURL('/v1'), sleep: recordingSleep().sleep, maxRetries: 1, timeoutMs: 45_000 })[api]('gpt-4.1');
    let next = arrived();
    const outcome = collectModelStream(model.stream(request)).catch((error: unknown) => error);
    await next;
    next = arrived();
    vi.advanceTimersByTime(45_000);
    await next;
    vi.advanceTimersByTime(45_000);
    const error = await outcome;
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).message).toMatch(/^OpenAI sent no response within 45000 ms \(timeoutMs\)/);
    expect(server.requests).toHaveLength(2);
  });

  it('does not turn a long Retry-After into a short backoff: it fails with the server delay', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue({ type: 'json', status: 429, headers: { 'retry-after': '90' }, body: { error: { message: 'Rate limit reached', type: 'requests' } } });
    const { sleep, delays } = recordingSleep();
    const error = await collectModelStream(createOpenAI({ apiKey: 'sk-test-limits', baseURL: server.baseURL('/v1'), sleep })[api]('gpt-4.1').stream(request)).catch(
      (e: unknown) => e,
    );
    expect(APICallError.isInstance(error) && error.retryAfterMs).toBe(90_000);
    expect((error as Error).message).toMatch(/The server asked to retry after 90 s, longer than maxRetryAfterMs \(60 s\)/);
    expect(delays).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });
});
