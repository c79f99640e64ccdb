import { afterEach, describe, expect, it, vi } from 'vitest';
import { APICallError, ContextOverflowError, type ModelRequest } from '@tandem/core/spec';
import { collectModelStream, loadJsonFixture, loadSseFixture, parseSseFixture, ProviderTestServer, recordingSleep } from '@tandem/core/testing';
import { LoadAPIKeyError } from '@tandem/provider-utils';
import { registerProvider, resolveModel } from '@tandem/core';
import { createAnthropic } from './anthropic-provider.js';

const dir = new URL('./__fixtures__/', import.meta.url);
const sse = (name: string) => ({ type: 'sse' as const, events: loadSseFixture(dir, name) });
const request: ModelRequest = { messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hello' }] }], tools: [] };
const KEY = 'sk-ant-api03-SECRET-do-not-leak-1234567890';

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

describe('AnthropicMessagesModel', () => {
  it('posts to {baseURL}/messages with the documented headers and a streaming body', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(sse('text'));
    const model = createAnthropic({ apiKey: KEY, baseURL: server.baseURL('/proxy/v1/'), headers: { 'anthropic-beta': 'x' } })('claude-haiku-4-5');
    expect(model).toMatchObject({ specificationVersion: 'v1', provider: 'anthropic', modelId: 'claude-haiku-4-5' });
    await collectModelStream(model.stream(request, { headers: { 'x-trace': 't1' } }));
    const sent = server.requests[0]!;
    expect(sent.path).toBe('/proxy/v1/messages');
    expect(sent.headers).toMatchObject({
      'x-api-key': KEY,
      'anthropic-version': '2023-06-01',
      'anthropic-beta': 'x',
      'x-trace': 't1',
      'content-type': 'application/json',
    });
    expect(sent.body).toEqual({ model: 'claude-haiku-4-5', max_tokens: 4096, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }], stream: true });
  });

  it('reads ANTHROPIC_API_KEY lazily and names it when missing', async () => {
    vi.stubEnv('ANTHROPIC_API_KEY', '');
    const provider = createAnthropic({ baseURL: 'http://127.0.0.1:9/v1' });
    const model = provider('claude-sonnet-4-5');
    const error = await failure(collectModelStream(model.stream(request)));
    expect(LoadAPIKeyError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/ANTHROPIC_API_KEY/);

    await using server = await ProviderTestServer.start();
    server.enqueue(sse('text'));
    vi.stubEnv('ANTHROPIC_API_KEY', 'sk-from-env');
    const late = createAnthropic({ baseURL: server.baseURL('/v1') })('claude-sonnet-4-5');
    await collectModelStream(late.stream(request));
    expect(server.requests[0]!.headers['x-api-key']).toBe('sk-from-env');
  });

  it('retries an overloaded error event that arrives before any output', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(sse('error-event'), sse('text'));
    const sleep = recordingSleep();
    const result = await collectModelStream(createAnthropic({ apiKey: KEY, baseURL: server.baseURL('/v1'), sleep: sleep.sleep })('m').stream(request));
    expect(result.text).toBe('Hello, world!');
    expect(sleep.delays).toEqual([2000]);
  });

  it('fails with the error event once output has started, without retrying', async () => {
    await using server = await ProviderTestServer.start();
    const text = loadSseFixture(dir, 'text');
    const error = parseSseFixture(
      'event: error data: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    );
    server.setFallback({ type: 'sse', events: [...text.slice(0, 4), ...error] });
    const parts: string[] = [];
    const thrown = await failure(
      (async () => {
        for await (const part of createAnthropic({ apiKey: KEY, baseURL: server.baseURL('/v1'), sleep: recordingSleep().sleep })('m').stream(request)) {
          parts.push(part.type);
        }
      })(),
    );
    expect(parts).toEqual(['text-start', 'text-delta']);
    expect(APICallError.isInstance(thrown) && thrown.statusCode === 529 && thrown.isRetryable).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('skips event types newer than this package', async () => {
    await using server = await ProviderTestServer.start();
    const [start, ...rest] = loadSseFixture(dir, 'text');
    server.enqueue({ type: 'sse', events: [start!, { event: 'future_event', data: '{"type":"future_event","x":1}' }, ...rest] });
    const result = await collectModelStream(createAnthropic({ apiKey: KEY, baseURL: server.baseURL('/v1') })('m').stream(request));
    expect(result.text).toBe('Hello, world!');
  });

  it('fails loudly on a known event that does not match the documented format', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue({ type: 'sse', events: [{ event: 'content_block_delta', data: '{"type":"content_block_delta","index":"zero"}' }] });
    const error = await failure(collectModelStream(createAnthropic({ apiKey: KEY, baseURL: server.baseURL('/v1') })('m').stream(request)));
    expect((error as Error).name).toBe('InvalidResponseDataError');
  });

  it('maps "prompt is too long" (400 invalid_request_error) to ContextOverflowError, without retrying', async () => {
    await using server = await ProviderTestServer.start();
    server.setFallback({ type: 'json', status: 400, body: loadJsonFixture(dir, 'error-400-prompt-too-long') });
    const error = await failure(collectModelStream(createAnthropic({ apiKey: KEY, baseURL: server.baseURL('/v1'), sleep: recordingSleep().sleep })('m').stream(request)));
    expect(ContextOverflowError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ name: 'ContextOverflowError', code: 'CONTEXT_OVERFLOW', statusCode: 400, isRetryable: false });
    expect((error as Error).message).toContain('prompt is too long: 208310 tokens > 200000 maximum');
    expect(server.requests).toHaveLength(1);
    // Other invalid requests stay plain API errors.
    server.setFallback({ type: 'json', status: 400, body: loadJsonFixture(dir, 'error-400') });
    const other = await failure(collectModelStream(createAnthropic({ apiKey: KEY, baseURL: server.baseURL('/v1') })('m').stream(request)));
    expect(APICallError.isInstance(other) && !ContextOverflowError.isInstance(other)).toBe(true);
  });

  it('never puts the API key in errors, warnings or logs', async () => {
    await using server = await ProviderTestServer.start();
    const body = loadJsonFixture(dir, 'error-401') as { error: { message: string } };
    server.setFallback({ type: 'json', status: 401, body: { ...body, error: { ...body.error, message: `invalid x-api-key: ${KEY}` } } });
    const logged: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    }
    vi.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error) => void logged.push(String(warning)));
    const warnings: string[] = [];
    const model = createAnthropic({ apiKey: KEY, baseURL: server.baseURL('/v1'), warn: (m) => warnings.push(m) })('m');
    const error = await failure(
      collectModelStream(model.stream({ ...request, tools: [{ kind: 'provider', id: 'openai.web_search', name: 'web_search', args: {} }] })),
    );
    expect(APICallError.isInstance(error) && error.statusCode === 401).toBe(true);
    expect((error as APICallError).responseBody).toContain('[REDACTED]');
    const everything = [JSON.stringify(error), String(error), (error as Error).stack, ...warnings, ...logged].join('\n');
    expect(everything).not.toContain(KEY);
    expect(warnings).toHaveLength(1);
  });

  it('plugs into registerProvider / resolveModel', () => {
    const unregister = registerProvider('anthropic-test', createAnthropic({ apiKey: KEY }));
    try {
      expect(resolveModel('anthropic-test:claude-sonnet-4-5')).toMatchObject({ provider: 'anthropic', modelId: 'claude-sonnet-4-5' });
    } finally {
      unregister();
    }
  });
});
