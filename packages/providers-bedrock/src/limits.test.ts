// The provider's bounds: one event-stream frame's size, the time to first byte, and Retry-After.
import { crc32 } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APICallError, InvalidResponseDataError } from '@tandem/core/spec';
import { collectModelStream, ProviderTestServer, recordingSleep } from '@tandem/core/testing';
import { createBedrock, type BedrockProviderSettings } from './bedrock-provider.js';
import { encodeEventFrame } from './test-utils/encode-event-stream.js';

const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: [] };
const EVENT_STREAM = { 'content-type': 'application/vnd.amazon.eventstream' };

const model = (url: string, settings: BedrockProviderSettings = {}) =>
  createBedrock({ region: 'us-east-1', endpoint: url, credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'limits-test-secret' }, sleep: recordingSleep().sleep, ...settings })(
    'amazon.nova-pro-v1:0',
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('Bedrock limits', () => {
  it('refuses a frame over maxEventBytes with InvalidResponseDataError', async () => {
    await using server = await ProviderTestServer.start();
    const big = encodeEventFrame({ contentBlockDelta: { delta: { text: 'x'.repeat(5000) }, contentBlockIndex: 0 } });
    server.setFallback({ type: 'raw', headers: EVENT_STREAM, chunks: [encodeEventFrame({ messageStart: { role: 'assistant' } }), big] });
    const error = await collectModelStream(model(server.url, { maxEventBytes: 4096 }).stream(request)).catch((e: unknown) => e);
    expect(InvalidResponseDataError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      `Amazon Bedrock sent an event-stream frame announcing ${big.length} bytes, more than 4096 bytes (maxEventBytes); the stream was not read further.`,
    );
  });

  it('refuses a frame that announces 3 GiB before anything is allocated for it', async () => {
    await using server = await ProviderTestServer.start();
    const prelude = Buffer.alloc(12);
    prelude.writeUInt32BE(0xc0000000, 0);
    prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8);
    server.setFallback({ type: 'raw', headers: EVENT_STREAM, chunks: [prelude] });
    const error = await collectModelStream(model(server.url).stream(request)).catch((e: unknown) => e);
    expect(InvalidResponseDataError.isInstance(error) && error.message).toMatch(/announcing 3221225472 bytes, more than 33554432 bytes \(maxEventBytes\)/);
  });

  it('fails a call whose stream never starts after timeoutMs, retrying it first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await using server = await ProviderTestServer.start();
    const arrivals: (() => void)[] = [];
    const arrived = () => new Promise<void>((resolve) => arrivals.push(resolve));
    server.setFallback(() => {
      arrivals.shift()?.();
      return { type: 'raw', headers: EVENT_STREAM, chunks: [], ending: 'stall' };
    });
    let next = arrived();
    const outcome = collectModelStream(model(server.url, { timeoutMs: 45_000, maxRetries: 1 }).stream(request)).catch((e: unknown) => e);
    await next;
    next = arrived();
    vi.advanceTimersByTime(45_000);
    await next;
    vi.advanceTimersByTime(45_000);
    const error = await outcome;
    expect(APICallError.isInstance(error) && error.isRetryable).toBe(true);
    expect((error as Error).message).toMatch(/^Amazon Bedrock sent no response within 45000 ms \(timeoutMs\)/);
    expect(server.requests).toHaveLength(2);
  });

  it('fails at once when throttling asks for a longer wait than maxRetryAfterMs', async () => {
    await using server = await ProviderTestServer.start();
    server.setFallback({
      type: 'json',
      status: 429,
      headers: { 'x-amzn-errortype': 'ThrottlingException', 'retry-after': '300' },
      body: { message: 'Too many requests, please wait before trying again.' },
    });
    const sleep = recordingSleep();
    const error = await collectModelStream(model(server.url, { sleep: sleep.sleep }).stream(request)).catch((e: unknown) => e);
    expect(APICallError.isInstance(error) && error.retryAfterMs).toBe(300_000);
    expect((error as Error).message).toMatch(/The server asked to retry after 300 s, longer than maxRetryAfterMs \(60 s\)/);
    expect(sleep.delays).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });
});
