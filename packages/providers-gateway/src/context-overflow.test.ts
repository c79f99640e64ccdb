import { APICallError, ContextOverflowError } from '@tandem/core/spec';
import { collectModelStream, loadJsonFixture, ProviderTestServer } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGateway } from './gateway-provider.js';

const dir = new URL('./__fixtures__/', import.meta.url);
let server: ProviderTestServer;
beforeEach(async () => {
  server = await ProviderTestServer.start();
});
afterEach(async () => {
  await server.close();
});

const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: [] };

describe('Gateway context overflow', () => {
  it.each([
    ['error-400-context-length', 'openai/gpt-4.1', "This model's maximum context length is 128000 tokens."],
    ['error-400-prompt-too-long', 'anthropic/claude-sonnet-4.5', 'prompt is too long: 208310 tokens > 200000 maximum'],
  ])('maps %s to ContextOverflowError, without retrying', async (fixture, modelId, text) => {
    server.setFallback({ type: 'json', status: 400, body: loadJsonFixture(dir, fixture) });
    const gw = createGateway({ apiKey: 'gw-key-123456', baseURL: server.baseURL('/v1') });
    const error = await collectModelStream(gw(modelId).stream(request)).catch((e: unknown) => e);
    expect(ContextOverflowError.isInstance(error)).toBe(true);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'CONTEXT_OVERFLOW', statusCode: 400, isRetryable: false });
    expect((error as Error).message).toContain(text);
    expect(server.requests).toHaveLength(1);
  });
});
