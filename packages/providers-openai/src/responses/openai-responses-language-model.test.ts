import { APICallError, InvalidResponseDataError, type ModelRequest } from '@tandem/core/spec';
import { collectModelStream, contractTools, loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { LoadAPIKeyError } from '@tandem/provider-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOpenAI } from '../openai-provider.js';

const dir = new URL('../__fixtures__/responses/', import.meta.url);
let server: ProviderTestServer;
beforeEach(async () => {
  server = await ProviderTestServer.start();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await server.close();
});

const request: ModelRequest = { messages: [{ role: 'user', parts: [{ type: 'text', text: 'Weather in Oslo?' }] }], tools: contractTools };
const model = (settings: Parameters<typeof createOpenAI>[0] = {}) =>
  createOpenAI({ apiKey: 'sk-test-123456', baseURL: server.baseURL('/v1/'), ...settings }).responses('gpt-5');

describe('OpenAI Responses model', () => {
  it('posts the documented request body with the bearer key', async () => {
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'text') });
    await collectModelStream(
      model({ organization: 'org-1' }).stream({
        ...request,
        system: 'Be brief.',
        toolChoice: { type: 'tool', toolName: 'weather' },
        maxOutputTokens: 100,
        temperature: 0.2,
        tools: [...contractTools, createOpenAI().tools.webSearch({ searchContextSize: 'low' })],
        providerOptions: { openai: { reasoningEffort: 'low', reasoningSummary: 'auto', store: false, parallelToolCalls: false } },
      }, { headers: { 'x-trace': 't1' } }),
    );
    const sent = server.requests[0]!;
    expect(sent.path).toBe('/v1/responses');
    expect(sent.headers.authorization).toBe('Bearer sk-test-123456');
    expect(sent.headers['openai-organization']).toBe('org-1');
    expect(sent.headers['x-trace']).toBe('t1');
    expect(sent.body).toEqual({
      model: 'gpt-5',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'Weather in Oslo?' }] }],
      instructions: 'Be brief.',
      tools: [
        { type: 'function', name: 'weather', description: 'Current weather for a city.', parameters: contractTools[0]!.inputSchema, strict: false },
        { type: 'function', name: 'current_time', description: 'The current time.', parameters: contractTools[1]!.inputSchema, strict: false },
        { type: 'web_search', search_context_size: 'low' },
      ],
      tool_choice: { type: 'function', name: 'weather' },
      max_output_tokens: 100,
      temperature: 0.2,
      reasoning: { effort: 'low', summary: 'auto' },
      store: false,
      include: ['reasoning.encrypted_content'],
      parallel_tool_calls: false,
      stream: true,
    });
  });

  it('keeps reasoning item ids and encrypted content, tool item ids and the response id in providerMetadata', async () => {
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'reasoning') }, { type: 'sse', events: loadSseFixture(dir, 'tool-call') });
    const reasoning = await collectModelStream(model().stream(request));
    const ends = reasoning.parts.filter((p) => p.type === 'reasoning-end');
    expect(ends).toHaveLength(2);
    expect(ends.at(-1)).toMatchObject({ providerMetadata: { openai: { itemId: 'rs_reason01', encryptedContent: 'gAAAAABoENCRYPTEDreasoningBLOB==' } } });
    expect(reasoning.finish.providerMetadata).toEqual({ openai: { responseId: 'resp_reason01' } });
    const tool = await collectModelStream(model().stream(request));
    expect(tool.toolCalls[0]).toMatchObject({ toolCallId: 'call_weather01', providerMetadata: { openai: { itemId: 'fc_tool01' } } });
  });

  it('surfaces web search as builtin tool call and result', async () => {
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'web-search') });
    const result = await collectModelStream(model().stream({ ...request, tools: [createOpenAI().tools.webSearch()] }));
    expect(result.builtinToolCalls).toEqual([
      { type: 'builtin-tool-call', toolCallId: 'ws_search01', toolName: 'web_search', toolArgs: '{"type":"search","query":"Oslo weather today"}', providerMetadata: { openai: { itemId: 'ws_search01' } } },
    ]);
    expect(result.builtinToolResults[0]).toMatchObject({ toolCallId: 'ws_search01', isError: false, result: { status: 'completed' } });
    expect(result.text).toBe('Oslo is sunny today.');
    expect(result.finishReason).toBe('stop');
  });

  it('throws a non-retryable APICallError for an error event, without retrying', async () => {
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'error-event') });
    const error = await collectModelStream(model().stream(request)).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).message).toContain('server_error');
    expect((error as APICallError).isRetryable).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it('fails loudly when a known event does not match its documented shape', async () => {
    server.enqueue({ type: 'sse', events: [{ event: 'response.output_text.delta', data: '{"type":"response.output_text.delta","item_id":"m","delta":5}' }] });
    const error = await collectModelStream(model().stream(request)).catch((e: unknown) => e);
    expect(InvalidResponseDataError.isInstance(error)).toBe(true);
  });

  it('reads OPENAI_API_KEY at call time and fails that call with LoadAPIKeyError when missing', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const lazy = createOpenAI({ baseURL: server.baseURL('/v1') }).responses('gpt-5');
    const error = await collectModelStream(lazy.stream(request)).catch((e: unknown) => e);
    expect(LoadAPIKeyError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('OPENAI_API_KEY');
    expect(server.requests).toHaveLength(0);
    vi.stubEnv('OPENAI_API_KEY', 'sk-env-987654');
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'text') });
    await collectModelStream(lazy.stream(request));
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-env-987654');
  });

  it('leaves out provider tools of other vendors with a warning', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'text') });
    await collectModelStream(model().stream({ ...request, tools: [{ kind: 'provider', id: 'anthropic.web_search', name: 'web_search', args: {} }] }));
    expect(server.requests[0]!.body).not.toHaveProperty('tools');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('anthropic.web_search'), expect.anything());
  });

  it('names itself and uses the Responses API for the default call', () => {
    const provider = createOpenAI({ apiKey: 'k' });
    expect(provider('gpt-5')).toMatchObject({ specificationVersion: 'v1', provider: 'openai.responses', modelId: 'gpt-5' });
    expect(provider.chat('gpt-4.1')).toMatchObject({ provider: 'openai.chat', modelId: 'gpt-4.1' });
  });
});
