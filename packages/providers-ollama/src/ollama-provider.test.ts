import { collectModelStream, contractTools, loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOllama } from './ollama-provider.js';

const dir = new URL('./__fixtures__/', import.meta.url);
let server: ProviderTestServer;
beforeEach(async () => {
  server = await ProviderTestServer.start();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await server.close();
});

const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: contractTools, maxOutputTokens: 64 };

describe('createOllama', () => {
  it('needs no key, sends max_tokens and no authorization header', async () => {
    vi.stubEnv('OLLAMA_API_KEY', '');
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'text') });
    const model = createOllama({ baseURL: server.baseURL('/v1') })('llama3.2');
    expect(model).toMatchObject({ specificationVersion: 'v1', provider: 'ollama', modelId: 'llama3.2' });
    await collectModelStream(model.stream(request));
    const sent = server.requests[0]!;
    expect(sent.headers).not.toHaveProperty('authorization');
    expect(sent.body).toMatchObject({ model: 'llama3.2', max_tokens: 64, stream: true, stream_options: { include_usage: true } });
    expect(sent.body).not.toHaveProperty('max_completion_tokens');
  });

  it('sends a bearer token when one is given or set in OLLAMA_API_KEY', async () => {
    vi.stubEnv('OLLAMA_API_KEY', 'ollama-cloud-key');
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'text') }, { type: 'sse', events: loadSseFixture(dir, 'text') });
    await collectModelStream(createOllama({ baseURL: server.baseURL('/v1') }).chat('m').stream(request));
    await collectModelStream(createOllama({ baseURL: server.baseURL('/v1'), apiKey: 'explicit-key' })('m').stream(request));
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer ollama-cloud-key', 'Bearer explicit-key']);
  });

  it('defaults to localhost:11434, honours OLLAMA_HOST and OLLAMA_BASE_URL', async () => {
    const seen: string[] = [];
    const fetchSpy: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response('', { status: 418 });
    };
    const call = (settings: Parameters<typeof createOllama>[0]) =>
      collectModelStream(createOllama({ fetch: fetchSpy, maxRetries: 0, ...settings })('m').stream(request)).catch(() => undefined);
    vi.stubEnv('OLLAMA_BASE_URL', '');
    vi.stubEnv('OLLAMA_HOST', '');
    await call({});
    vi.stubEnv('OLLAMA_HOST', '10.0.0.5:11434');
    await call({});
    vi.stubEnv('OLLAMA_BASE_URL', 'http://gpu-box:8000/v1/');
    await call({});
    expect(seen).toEqual([
      'http://localhost:11434/v1/chat/completions',
      'http://10.0.0.5:11434/v1/chat/completions',
      'http://gpu-box:8000/v1/chat/completions',
    ]);
  });

  it('names other OpenAI-compatible servers and reads their providerOptions key', async () => {
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'text') });
    const model = createOllama({ baseURL: server.baseURL('/v1'), name: 'lmstudio' })('qwen3');
    expect(model.provider).toBe('lmstudio');
    await collectModelStream(model.stream({ ...request, providerOptions: { lmstudio: { reasoningEffort: 'high' } } }));
    expect(server.requests[0]!.body).toMatchObject({ reasoning_effort: 'high' });
  });

  it('leaves provider tools out with a warning', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'text') });
    await collectModelStream(
      createOllama({ baseURL: server.baseURL('/v1') })('m').stream({ ...request, tools: [{ kind: 'provider', id: 'openai.web_search', name: 'web_search', args: {} }] }),
    );
    expect(server.requests[0]!.body).not.toHaveProperty('tools');
    expect(server.requests[0]!.body).not.toHaveProperty('web_search_options');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('openai.web_search'), expect.anything());
  });
});
