import { Agent, registerProvider, resolveModel, stream, userMessage, type FunctionTool, type LanguageModel } from '@tandem/core';
import { loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAI } from './openai-provider.js';

let server: ProviderTestServer;
beforeEach(async () => {
  server = await ProviderTestServer.start();
});
afterEach(async () => {
  await server.close();
});

const executed: string[] = [];
const weather: FunctionTool<{ city: string }> = {
  kind: 'function',
  name: 'weather',
  description: 'Current weather for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: async ({ city }) => {
    executed.push(`weather:${city}`);
    return { city, temp: 20 };
  },
};
const currentTime: FunctionTool = {
  kind: 'function',
  name: 'current_time',
  description: 'The current time.', inputSchema: { type: 'object', properties: {} },
  execute: () => {
    executed.push('current_time');
    return '12:00';
  },
};

async function runAgent(model: LanguageModel, api: 'responses' | 'chat') {
  const dir = new URL(`./__fixtures__/${api}/`, import.meta.url);
  executed.length = 0;
  server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'parallel-tool-calls') }, { type: 'sse', events: loadSseFixture(dir, 'text') });
  const run = new Agent({ tools: [weather, currentTime], system: 'Be brief.' }).run(model, [userMessage('Weather and time in Oslo?')]);
  const types: string[] = [];
  for await (const event of run) types.push(event.type);
  const result = await run.result;
  expect(result.stopReason).toBe('endTurn');
  expect(result.text).toBe('Hello! How can I help today?');
  expect(executed.sort()).toEqual(['current_time', 'weather:Oslo']);
  expect(types.filter((t) => t === 'tool-call-result')).toHaveLength(2);
  expect(server.requests).toHaveLength(2);
  return server.requests[1]!.body as { [key: string]: unknown };
}

describe('Agent end to end through the OpenAI provider (loopback server)', () => {
  it('runs two tools on the Responses API and sends their outputs back', async () => {
    const model = createOpenAI({ apiKey: 'sk-e2e-000000', baseURL: server.baseURL('/v1') })('gpt-5');
    const body = await runAgent(model, 'responses');
    expect(body.instructions).toBe('Be brief.');
    expect(body.input).toEqual([
      { role: 'user', content: [{ type: 'input_text', text: 'Weather and time in Oslo?' }] },
      { type: 'function_call', call_id: 'call_par_weather', name: 'weather', arguments: '{"city":"Oslo"}', id: 'fc_par01' },
      { type: 'function_call', call_id: 'call_par_time', name: 'current_time', arguments: '{}', id: 'fc_par02' },
      { type: 'function_call_output', call_id: 'call_par_weather', output: '{"city":"Oslo","temp":20}' },
      { type: 'function_call_output', call_id: 'call_par_time', output: '12:00' },
    ]);
  });

  it('runs two tools on Chat Completions, resolved through the provider registry', async () => {
    const unregister = registerProvider('openai-chat-e2e', (id) => createOpenAI({ apiKey: 'sk-e2e-000000', baseURL: server.baseURL('/v1') }).chat(id));
    try {
      const body = await runAgent(resolveModel('openai-chat-e2e:gpt-4.1-mini'), 'chat');
      expect(body.messages).toEqual([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather and time in Oslo?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_par_weather', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } },
            { id: 'call_par_time', type: 'function', function: { name: 'current_time', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_par_weather', content: '{"city":"Oslo","temp":20}' },
        { role: 'tool', tool_call_id: 'call_par_time', content: '12:00' },
      ]);
    } finally {
      unregister();
    }
  });
});

describe('reasoning round trip through core (Responses API)', () => {
  it('sends the reasoning item, with its encrypted content, back on the next turn', async () => {
    const dir = new URL('./__fixtures__/responses/', import.meta.url);
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'reasoning') }, { type: 'sse', events: loadSseFixture(dir, 'text') });
    const model = createOpenAI({ apiKey: 'sk-e2e-000000', baseURL: server.baseURL('/v1') })('gpt-5');
    const first = stream(model, [userMessage('Hi')]);
    for await (const _event of first) {
      // drain
    }
    const { message } = await first.result;
    const second = stream(model, [userMessage('Hi'), message, userMessage('And again?')]);
    for await (const _event of second) {
      // drain
    }
    expect((server.requests[1]!.body as { input: unknown[] }).input).toEqual([
      { role: 'user', content: [{ type: 'input_text', text: 'Hi' }] },
      {
        type: 'reasoning',
        id: 'rs_reason01',
        summary: [
          { type: 'summary_text', text: '**Weighing the options**\n\nThe user wants a greeting.' },
          { type: 'summary_text', text: 'Keep it short.' },
        ],
        encrypted_content: 'gAAAAABoENCRYPTEDreasoningBLOB==',
      },
      { role: 'assistant', content: [{ type: 'output_text', text: 'Hi there!' }] },
      { role: 'user', content: [{ type: 'input_text', text: 'And again?' }] },
    ]);
  });
});
