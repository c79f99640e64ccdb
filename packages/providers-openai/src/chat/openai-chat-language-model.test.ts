import { APICallError, type ModelRequest } from '@tandem/core/spec';
import { collectModelStream, contractTools, loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAI } from '../openai-provider.js';

const dir = new URL('../__fixtures__/chat/', import.meta.url);
let server: ProviderTestServer;
beforeEach(async () => {
  server = await ProviderTestServer.start();
});
afterEach(async () => {
  await server.close();
});

const request: ModelRequest = { messages: [{ role: 'user', parts: [{ type: 'text', text: 'Weather in Oslo?' }] }], tools: contractTools };
const model = () => createOpenAI({ apiKey: 'sk-test-123456', baseURL: server.baseURL('/v1') }).chat('gpt-4.1-mini');

describe('OpenAI Chat Completions model', () => {
  it('posts the documented streaming body with include_usage', async () => {
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'text') });
    await collectModelStream(
      model().stream({ ...request, system: 'Be brief.', toolChoice: 'required', maxOutputTokens: 50, stopSequences: ['END'], providerOptions: { openai: { reasoningEffort: 'minimal' } } }),
    );
    const sent = server.requests[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-test-123456');
    expect(sent.body).toEqual({
      model: 'gpt-4.1-mini',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Oslo?' },
      ],
      tools: [
        { type: 'function', function: { name: 'weather', description: 'Current weather for a city.', parameters: contractTools[0]!.inputSchema } },
        { type: 'function', function: { name: 'current_time', description: 'The current time.', parameters: contractTools[1]!.inputSchema } },
      ],
      tool_choice: 'required',
      max_completion_tokens: 50,
      stop: ['END'],
      reasoning_effort: 'minimal',
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('sends web search as web_search_options and reports url citations as a builtin result', async () => {
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'web-search') });
    const result = await collectModelStream(model().stream({ ...request, tools: [createOpenAI().tools.webSearch({ searchContextSize: 'high' })] }));
    expect(server.requests[0]!.body).toMatchObject({ web_search_options: { search_context_size: 'high' } });
    expect(server.requests[0]!.body).not.toHaveProperty('tools');
    expect(result.text).toBe('Oslo is sunny today.');
    expect(result.builtinToolCalls).toEqual([{ type: 'builtin-tool-call', toolCallId: 'web_search-chatcmpl-search01', toolName: 'web_search', toolArgs: '{}' }]);
    expect(result.builtinToolResults[0]?.result).toEqual({ sources: [{ url: 'https://weather.example/oslo', title: 'Oslo weather' }] });
  });

  it('throws a non-retryable APICallError for an error object inside the stream', async () => {
    server.enqueue({ type: 'sse', events: [{ data: '{"error":{"message":"model overloaded","type":"server_error"}}' }] });
    const error = await collectModelStream(model().stream(request)).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('model overloaded');
    expect((error as APICallError).isRetryable).toBe(false);
  });

  it('reports a refusal as text with finish reason content-filter', async () => {
    const chunk = (delta: object, finish: string | null = null) => ({
      data: JSON.stringify({ id: 'chatcmpl-r', object: 'chat.completion.chunk', created: 1, model: 'gpt-4.1', choices: [{ index: 0, delta, finish_reason: finish }] }),
    });
    server.enqueue({ type: 'sse', events: [chunk({ role: 'assistant', content: null, refusal: '' }), chunk({ refusal: "I can't help with that." }), chunk({}, 'stop'), { data: '[DONE]' }] });
    const result = await collectModelStream(model().stream(request));
    expect(result.text).toBe("I can't help with that.");
    expect(result.finishReason).toBe('content-filter');
  });
});
