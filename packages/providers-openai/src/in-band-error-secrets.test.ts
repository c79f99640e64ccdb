// Errors reported inside a 200 stream (not as an HTTP status) must not carry the API key either.
import { describe, expect, it } from 'vitest';
import { APICallError, InvalidResponseDataError } from '@tandem/core/spec';
import { collectModelStream, contractTools, ProviderTestServer, recordingSleep } from '@tandem/core/testing';
import { secretLeaks } from '@tandem/provider-utils/testing';
import { createOpenAI } from './openai-provider.js';

const KEY = 'sk-proj-inband-9d8c7b6a5f4e3d2c';
const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: contractTools };

async function failure(api: 'responses' | 'chat', events: { event?: string; data: string }[]): Promise<unknown> {
  await using server = await ProviderTestServer.start();
  server.setFallback({ type: 'sse', events });
  const model = createOpenAI({ apiKey: KEY, baseURL: server.baseURL('/v1'), sleep: recordingSleep().sleep })[api]('gpt-4.1');
  try {
    await collectModelStream(model.stream(request));
  } catch (error) {
    return error;
  }
  throw new Error('expected the stream to fail');
}

describe('API keys in in-band stream errors', () => {
  it('Chat: an SSE error chunk echoing the key', async () => {
    const error = await failure('chat', [{ data: JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}`, type: 'invalid_request_error', code: 'invalid_api_key' } }) }]);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).message).toBe('Stream error: Incorrect API key provided: [REDACTED]');
    expect((error as APICallError).responseBody).toContain('[REDACTED]');
    expect(secretLeaks(error, KEY)).toEqual([]);
  });

  it('Responses: an error event echoing the key', async () => {
    const error = await failure('responses', [
      { event: 'error', data: JSON.stringify({ type: 'error', sequence_number: 0, code: 'invalid_api_key', message: `Incorrect API key provided: ${KEY}`, param: null }) },
    ]);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).message).toBe('OpenAI stream error (invalid_api_key): Incorrect API key provided: [REDACTED]');
    expect(secretLeaks(error, KEY)).toEqual([]);
  });

  it.each(['responses', 'chat'] as const)('%s: a non-JSON data line holding the key', async (api) => {
    const error = await failure(api, [{ data: `upstream proxy rejected Authorization: Bearer ${KEY}` }]);
    expect(InvalidResponseDataError.isInstance(error)).toBe(true);
    expect((error as InvalidResponseDataError).message).toMatch(/^OpenAI sent data that is not JSON: upstream proxy rejected Authorization: Bearer \[REDACTED\]/);
    expect((error as InvalidResponseDataError).data).toBe('upstream proxy rejected Authorization: Bearer [REDACTED]');
    expect(secretLeaks(error, KEY)).toEqual([]);
  });
});
