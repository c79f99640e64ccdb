// Errors reported inside a 200 stream (not as an HTTP status) must not carry the API key either.
import { describe, expect, it } from 'vitest';
import { APICallError, InvalidResponseDataError } from '@tandem/core/spec';
import { collectModelStream, contractTools, ProviderTestServer, recordingSleep } from '@tandem/core/testing';
import { secretLeaks } from '@tandem/provider-utils/testing';
import { createAnthropic } from './anthropic-provider.js';

const KEY = 'sk-ant-api03-inband-4c3b2a19f8e7';
const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: contractTools };

async function failure(events: { event?: string; data: string }[]): Promise<unknown> {
  await using server = await ProviderTestServer.start();
  server.setFallback({ type: 'sse', events });
  const model = createAnthropic({ apiKey: KEY, baseURL: server.baseURL('/v1'), sleep: recordingSleep().sleep })('claude-sonnet-4-5');
  try {
    await collectModelStream(model.stream(request));
  } catch (error) {
    return error;
  }
  throw new Error('expected the stream to fail');
}

describe('API keys in in-band stream errors', () => {
  it('an error event echoing the key', async () => {
    const error = await failure([{ event: 'error', data: JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key: ${KEY}` } }) }]);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).message).toBe('Anthropic stream error (authentication_error): invalid x-api-key: [REDACTED]');
    expect((error as APICallError).responseBody).toContain('[REDACTED]');
    expect(secretLeaks(error, KEY)).toEqual([]);
  });

  it('a non-JSON data line holding the key', async () => {
    const error = await failure([{ event: 'message_start', data: `proxy error: x-api-key ${KEY} rejected` }]);
    expect(InvalidResponseDataError.isInstance(error)).toBe(true);
    expect((error as InvalidResponseDataError).data).toBe('proxy error: x-api-key [REDACTED] rejected');
    expect(secretLeaks(error, KEY)).toEqual([]);
  });
});
