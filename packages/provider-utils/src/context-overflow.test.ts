import { APICallError, ContextOverflowError } from '@tandem/core/spec';
import { ProviderTestServer, recordingSleep } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contextOverflowOr, isContextOverflowText, mapOpenAICompatibleOverflow } from './context-overflow.js';
import { postJsonToApi } from './post-json-to-api.js';

describe('isContextOverflowText', () => {
  it.each([
    "This model's maximum context length is 128000 tokens. However, your messages resulted in 130412 tokens.",
    'Your input exceeds the context window of this model. Please adjust your input and try again.',
    'prompt is too long: 208310 tokens > 200000 maximum',
    'The input token count (1200345) exceeds the maximum number of tokens allowed (1048576).',
    'Input is too long for requested model.',
    'too many input tokens',
  ])('recognises %s', (text) => {
    expect(isContextOverflowText(text)).toBe(true);
  });

  it.each(['max_tokens: Field required', 'Incorrect API key provided', 'Rate limit reached for requests', undefined])('does not flag %s', (text) => {
    expect(isContextOverflowText(text)).toBe(false);
  });
});

describe('contextOverflowOr', () => {
  it('maps only client errors (and in-stream errors) that match', () => {
    const body = '{"error":{"code":"context_length_exceeded","message":"x"}}';
    expect(ContextOverflowError.isInstance(mapOpenAICompatibleOverflow(new APICallError({ message: 'm', url: 'u', statusCode: 400, responseBody: body })))).toBe(true);
    expect(ContextOverflowError.isInstance(mapOpenAICompatibleOverflow(new APICallError({ message: 'm', url: 'u', responseBody: body })))).toBe(true);
    const serverError = new APICallError({ message: 'm', url: 'u', statusCode: 500, responseBody: body });
    expect(mapOpenAICompatibleOverflow(serverError)).toBe(serverError);
    const other = new APICallError({ message: 'm', url: 'u', statusCode: 400, responseBody: '{"error":{"message":"bad"}}' });
    expect(contextOverflowOr(other, () => false)).toBe(other);
  });
});

describe('postJsonToApi mapError', () => {
  let server: ProviderTestServer;
  beforeEach(async () => {
    server = await ProviderTestServer.start();
  });
  afterEach(async () => {
    await server.close();
  });

  it('throws the mapped error, once, without retrying it', async () => {
    server.setFallback({ type: 'json', status: 400, body: { error: { message: 'prompt is too long: 9 tokens > 8 maximum', type: 'invalid_request_error' } } });
    const error = await postJsonToApi({
      provider: 'Acme',
      url: `${server.url}/v1/chat`,
      body: {},
      sleep: recordingSleep().sleep,
      mapError: (e) => contextOverflowOr(e, (x) => isContextOverflowText(x.responseBody)),
    }).catch((e: unknown) => e);
    expect(ContextOverflowError.isInstance(error)).toBe(true);
    expect((error as ContextOverflowError).statusCode).toBe(400);
    expect((error as ContextOverflowError).message).toContain('Acme API call failed with HTTP 400: prompt is too long');
    expect(server.requests).toHaveLength(1);
  });
});
