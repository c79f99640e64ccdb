import { APICallError, ContextOverflowError } from '@tandem/core/spec';
import { collectModelStream, loadJsonFixture, ProviderTestServer } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOllama } from './ollama-provider.js';

const dir = new URL('./__fixtures__/', import.meta.url);
let server: ProviderTestServer;
beforeEach(async () => {
  server = await ProviderTestServer.start();
});
afterEach(async () => {
  await server.close();
});

const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: [] };

describe('Ollama context overflow', () => {
  it('maps "the input length exceeds the context length" (400) to ContextOverflowError, without retrying', async () => {
    server.setFallback({ type: 'json', status: 400, body: loadJsonFixture(dir, 'error-400-context-length') });
    const error = await collectModelStream(createOllama({ baseURL: server.baseURL('/v1') })('llama3.2').stream(request)).catch((e: unknown) => e);
    expect(ContextOverflowError.isInstance(error)).toBe(true);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'CONTEXT_OVERFLOW', statusCode: 400, isRetryable: false });
    expect((error as Error).message).toContain('the input length exceeds the context length');
    expect(server.requests).toHaveLength(1);
  });

  it('keeps other 400s plain APICallErrors', async () => {
    server.setFallback({ type: 'json', status: 400, body: { error: { message: 'model "nope" not found, try pulling it first', type: 'invalid_request_error', param: null, code: null } } });
    const error = await collectModelStream(createOllama({ baseURL: server.baseURL('/v1') })('nope').stream(request)).catch((e: unknown) => e);
    expect(APICallError.isInstance(error) && !ContextOverflowError.isInstance(error)).toBe(true);
  });
});
