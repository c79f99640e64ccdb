import { afterEach, describe, expect, it, vi } from 'vitest';
import { APICallError, ContextOverflowError, type ModelRequest } from '@tandem/core/spec';
import { collectModelStream, loadJsonFixture, loadSseFixture, ProviderTestServer, recordingSleep } from '@tandem/core/testing';
import { LoadAPIKeyError } from '@tandem/provider-utils';
import { registerProvider, resolveModel } from '@tandem/core';
import { createGoogleGenerativeAI } from './google-provider.js';

const dir = new URL('./__fixtures__/', import.meta.url);
const sse = (name: string) => ({ type: 'sse' as const, events: loadSseFixture(dir, name) });
const request: ModelRequest = { messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hello' }] }], tools: [] };
const KEY = 'AIzaSyD-SECRET-gemini-key-0123456789';

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('GoogleGenerativeAIModel', () => {
  it('posts to {baseURL}/models/{model}:streamGenerateContent?alt=sse with x-goog-api-key', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(sse('text'));
    const model = createGoogleGenerativeAI({ apiKey: KEY, baseURL: server.baseURL('/proxy/v1alpha/') })('models/gemini-2.5-pro');
    expect(model).toMatchObject({ specificationVersion: 'v1', provider: 'google', modelId: 'gemini-2.5-pro' });
    await collectModelStream(model.stream(request));
    const sent = server.requests[0]!;
    expect(sent.path).toBe('/proxy/v1alpha/models/gemini-2.5-pro:streamGenerateContent?alt=sse');
    expect(sent.headers['x-goog-api-key']).toBe(KEY);
    expect(sent.path).not.toContain(KEY);
  });

  it('reads GOOGLE_GENERATIVE_AI_API_KEY, then GEMINI_API_KEY, lazily', async () => {
    vi.stubEnv('GOOGLE_GENERATIVE_AI_API_KEY', '');
    vi.stubEnv('GEMINI_API_KEY', '');
    const missing = await failure(collectModelStream(createGoogleGenerativeAI({ baseURL: 'http://127.0.0.1:9/v1beta' })('m').stream(request)));
    expect(LoadAPIKeyError.isInstance(missing)).toBe(true);
    expect((missing as Error).message).toMatch(/GOOGLE_GENERATIVE_AI_API_KEY or GEMINI_API_KEY/);

    await using server = await ProviderTestServer.start();
    server.setFallback(sse('text'));
    const model = createGoogleGenerativeAI({ baseURL: server.baseURL('/v1beta') })('m');
    vi.stubEnv('GEMINI_API_KEY', 'from-gemini-env');
    await collectModelStream(model.stream(request));
    vi.stubEnv('GOOGLE_GENERATIVE_AI_API_KEY', 'from-google-env');
    await collectModelStream(model.stream(request));
    expect(server.requests.map((r) => r.headers['x-goog-api-key'])).toEqual(['from-gemini-env', 'from-google-env']);
  });

  it('retries 503 UNAVAILABLE, then reports a retryable APICallError with the vendor message', async () => {
    await using server = await ProviderTestServer.start();
    server.setFallback({ type: 'json', status: 503, body: loadJsonFixture(dir, 'error-503') });
    const sleep = recordingSleep();
    const error = await failure(collectModelStream(createGoogleGenerativeAI({ apiKey: KEY, baseURL: server.baseURL('/v1beta'), sleep: sleep.sleep })('m').stream(request)));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 503, isRetryable: true });
    expect((error as Error).message).toContain('The model is overloaded');
    expect(sleep.delays).toEqual([2000, 4000]);
  });

  it('maps 400 INVALID_ARGUMENT "input token count … exceeds the maximum" to ContextOverflowError, without retrying', async () => {
    await using server = await ProviderTestServer.start();
    server.setFallback({ type: 'json', status: 400, body: loadJsonFixture(dir, 'error-400-input-too-long') });
    const model = createGoogleGenerativeAI({ apiKey: KEY, baseURL: server.baseURL('/v1beta'), sleep: recordingSleep().sleep })('gemini-2.5-flash');
    const error = await failure(collectModelStream(model.stream(request)));
    expect(ContextOverflowError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'CONTEXT_OVERFLOW', statusCode: 400, isRetryable: false });
    expect((error as Error).message).toContain('The input token count (1200345) exceeds the maximum number of tokens allowed (1048576).');
    expect(server.requests).toHaveLength(1);
    server.setFallback({ type: 'json', status: 400, body: loadJsonFixture(dir, 'error-400') });
    const other = await failure(collectModelStream(model.stream(request)));
    expect(APICallError.isInstance(other) && !ContextOverflowError.isInstance(other)).toBe(true);
  });

  it('never puts the API key in errors, warnings or logs', async () => {
    await using server = await ProviderTestServer.start();
    server.setFallback({ type: 'json', status: 400, body: { error: { code: 400, message: `API key not valid: ${KEY}`, status: 'INVALID_ARGUMENT' } } });
    const logged: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    }
    vi.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error) => void logged.push(String(warning)));
    const model = createGoogleGenerativeAI({ apiKey: KEY, baseURL: server.baseURL('/v1beta') })('m');
    const error = await failure(
      collectModelStream(model.stream({ ...request, tools: [{ kind: 'provider', id: 'anthropic.web_search', name: 'web_search', args: {} }] })),
    );
    expect(APICallError.isInstance(error) && error.statusCode === 400).toBe(true);
    expect(logged.some((line) => line.includes('anthropic.web_search'))).toBe(true);
    const everything = [JSON.stringify(error), String(error), (error as Error).stack, ...logged].join('\n');
    expect(everything).not.toContain(KEY);
  });

  it('fails loudly on a chunk that does not match the documented format', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue({ type: 'sse', events: [{ data: '{"candidates":[{"content":{"parts":[{"text":42}]}}]}' }] });
    const error = await failure(collectModelStream(createGoogleGenerativeAI({ apiKey: KEY, baseURL: server.baseURL('/v1beta') })('m').stream(request)));
    expect((error as Error).name).toBe('InvalidResponseDataError');
  });

  it('plugs into registerProvider / resolveModel', () => {
    const unregister = registerProvider('google-test', createGoogleGenerativeAI({ apiKey: KEY }));
    try {
      expect(resolveModel('google-test:gemini-2.5-flash')).toMatchObject({ provider: 'google', modelId: 'gemini-2.5-flash' });
    } finally {
      unregister();
    }
  });

  it('turns an error chunk in the stream into an APICallError with its status', async () => {
    await using server = await ProviderTestServer.start();
    server.setFallback(sse('error-in-stream'));
    const parts: string[] = [];
    const error = await failure(
      (async () => {
        for await (const part of createGoogleGenerativeAI({ apiKey: KEY, baseURL: server.baseURL('/v1beta') })('m').stream(request)) parts.push(part.type);
      })(),
    );
    expect(parts).toEqual(['text-start', 'text-delta']);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 500, isRetryable: true });
    expect((error as Error).message).toContain('INTERNAL');
    expect(server.requests).toHaveLength(1);
  });
});
