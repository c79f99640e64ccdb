import { collectModelStream, contractTools, loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { LoadAPIKeyError } from '@tandem/provider-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGateway } from './gateway-provider.js';

const dir = new URL('./__fixtures__/', import.meta.url);
let server: ProviderTestServer;
beforeEach(async () => {
  server = await ProviderTestServer.start();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'What shipped this week?' }] }], tools: contractTools };

describe('createGateway', () => {
  it('sends perplexitySearch as a perplexity_search tool and reports its sources as builtin parts', async () => {
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'perplexity-search') });
    const gw = createGateway({ apiKey: 'gw-key-123456', baseURL: server.baseURL('/v1') });
    const result = await collectModelStream(
      gw('openai/gpt-4.1-mini').stream({ ...request, tools: [gw.tools.perplexitySearch({ maxResults: 5, searchRecencyFilter: 'week' })] }),
    );
    expect(server.requests[0]!.body).toMatchObject({
      model: 'openai/gpt-4.1-mini',
      tools: [{ type: 'perplexity_search', perplexity_search: { max_results: 5, search_recency_filter: 'week' } }],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer gw-key-123456');
    expect(result.builtinToolCalls).toEqual([{ type: 'builtin-tool-call', toolCallId: 'perplexity_search-gen-pplx01', toolName: 'perplexity_search', toolArgs: '{}' }]);
    expect(result.builtinToolResults[0]!.result).toEqual({
      sources: [
        { url: 'https://news.example/tandem-release', title: 'Tandem 1.0 released' },
        { url: 'https://blog.example/agents', title: 'Agents that talk and work' },
      ],
    });
    expect(result.text).toBe('Tandem 1.0 shipped this week [1][2].');
  });

  it('validates perplexitySearch arguments', () => {
    expect(() => createGateway().tools.perplexitySearch({ maxResults: 50 })).toThrow();
    expect(createGateway().tools.perplexitySearch()).toEqual({ kind: 'provider', id: 'gateway.perplexity_search', name: 'perplexity_search', args: {} });
  });

  it('reads TANDEM_GATEWAY_API_KEY, then AI_GATEWAY_API_KEY, at call time', async () => {
    vi.stubEnv('TANDEM_GATEWAY_API_KEY', '');
    vi.stubEnv('AI_GATEWAY_API_KEY', '');
    const model = createGateway({ baseURL: server.baseURL('/v1') })('openai/gpt-5');
    const error = await collectModelStream(model.stream(request)).catch((e: unknown) => e);
    expect(LoadAPIKeyError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('TANDEM_GATEWAY_API_KEY or AI_GATEWAY_API_KEY');
    vi.stubEnv('AI_GATEWAY_API_KEY', 'ai-gw-key-1');
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'text') }, { type: 'sse', events: loadSseFixture(dir, 'text') });
    await collectModelStream(model.stream(request));
    vi.stubEnv('TANDEM_GATEWAY_API_KEY', 'tandem-gw-key-2');
    await collectModelStream(model.stream(request));
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer ai-gw-key-1', 'Bearer tandem-gw-key-2']);
  });

  it('redacts an environment key echoed in an error body', async () => {
    vi.stubEnv('TANDEM_GATEWAY_API_KEY', 'env-secret-key-42');
    server.setFallback({ type: 'json', status: 401, body: { error: { message: 'bad key env-secret-key-42' } } });
    const error = await collectModelStream(createGateway({ baseURL: server.baseURL('/v1') })('m').stream(request)).catch((e: unknown) => e);
    expect(JSON.stringify(error)).not.toContain('env-secret-key-42');
    expect((error as Error).message).toContain('[REDACTED]');
  });
});
