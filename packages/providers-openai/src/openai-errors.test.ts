import { APICallError, ContextOverflowError } from '@tandem/core/spec';
import { collectModelStream, contractTools, loadJsonFixture, loadSseFixture, ProviderTestServer, recordingSleep } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAI } from './openai-provider.js';

const errors = new URL('./__fixtures__/errors/', import.meta.url);
let server: ProviderTestServer;
beforeEach(async () => {
  server = await ProviderTestServer.start();
});
afterEach(async () => {
  await server.close();
});

const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: contractTools };

describe.each(['responses', 'chat'] as const)('OpenAI %s error bodies', (api) => {
  const model = (sleep = recordingSleep().sleep) => createOpenAI({ apiKey: 'sk-test-123456', baseURL: server.baseURL('/v1'), sleep })[api]('gpt-4.1');

  it('reports the vendor message of a 401 with the echoed key redacted', async () => {
    server.setFallback({ type: 'json', status: 401, body: loadJsonFixture(errors, 'invalid-api-key-401') });
    const error = (await collectModelStream(model().stream(request)).catch((e: unknown) => e)) as APICallError;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'OpenAI API call failed with HTTP 401: Incorrect API key provided: [REDACTED]. You can find your API key at https://platform.openai.com/account/api-keys. Check the API key (and that it may use this model).',
    );
    expect(error.responseBody).toContain('invalid_api_key');
    expect(error.responseBody).not.toContain('sk-test-123456');
  });

  it('waits as long as a 429 asks (retry-after-ms), then succeeds', async () => {
    const { sleep, delays } = recordingSleep();
    const dir = new URL(`./__fixtures__/${api}/`, import.meta.url);
    server.enqueue(
      { type: 'json', status: 429, headers: { 'retry-after-ms': '1400', 'x-ratelimit-remaining-tokens': '500' }, body: loadJsonFixture(errors, 'rate-limit-429') },
      { type: 'sse', events: loadSseFixture(dir, 'text') },
    );
    const result = await collectModelStream(model(sleep).stream(request));
    expect(delays).toEqual([1400]);
    expect(result.text).toBe('Hello! How can I help today?');
  });

  it('maps context_length_exceeded to ContextOverflowError, not retried, keeping param and code in the body', async () => {
    server.setFallback({ type: 'json', status: 400, body: loadJsonFixture(errors, api === 'chat' ? 'context-length-chat-400' : 'context-length-400') });
    const error = (await collectModelStream(model().stream(request)).catch((e: unknown) => e)) as APICallError;
    expect(ContextOverflowError.isInstance(error)).toBe(true);
    expect(error.name).toBe('ContextOverflowError');
    expect(error.statusCode).toBe(400);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain(api === 'chat' ? 'maximum context length is 128000 tokens' : 'exceeds the context window');
    expect(JSON.parse(error.responseBody ?? '{}')).toMatchObject({ error: { param: api === 'chat' ? 'messages' : 'input', code: 'context_length_exceeded' } });
    expect(server.requests).toHaveLength(1);
  });

  it('keeps other 400s plain APICallErrors', async () => {
    server.setFallback({ type: 'json', status: 400, body: { error: { message: "Invalid value for 'temperature'.", type: 'invalid_request_error', param: 'temperature', code: 'invalid_value' } } });
    const error = await collectModelStream(model().stream(request)).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(ContextOverflowError.isInstance(error)).toBe(false);
  });
});
