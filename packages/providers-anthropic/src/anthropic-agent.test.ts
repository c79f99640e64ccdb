import { describe, expect, it } from 'vitest';
import { Agent, userMessage, type FunctionTool } from '@tandem/core';
import { loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { anthropicTools } from './anthropic-tools.js';
import { createAnthropic } from './anthropic-provider.js';

const dir = new URL('./__fixtures__/', import.meta.url);
const sse = (name: string) => ({ type: 'sse' as const, events: loadSseFixture(dir, name) });

const tools: FunctionTool[] = [
  {
    kind: 'function',
    name: 'weather',
    description: 'Current weather for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    execute: (input) => ({ city: (input as { city: string }).city, tempC: 18 }),
  },
  {
    kind: 'function',
    name: 'current_time',
    description: 'The current time.', inputSchema: { type: 'object', properties: {} },
    execute: () => '12:00',
  },
];

describe('Agent + Anthropic over the loopback server', () => {
  it('runs two tools from one response and sends both results back', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(sse('parallel-tool-calls'), sse('text'));
    const model = createAnthropic({ apiKey: 'sk-ant-test', baseURL: server.baseURL('/v1') })('claude-sonnet-4-5');
    const agent = new Agent({ tools, system: 'Be brief.' });
    await using run = agent.run(model, [userMessage('Weather in Paris, and the time?')]);
    const types: string[] = [];
    for await (const event of run) types.push(event.type);
    const result = await run.result;

    expect(result.stopReason).toBe('endTurn');
    expect(result.text).toBe('Hello, world!');
    expect(types.filter((t) => t === 'tool-call-result')).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
    const first = server.requests[0]!.body as { system: unknown; tools: { name: string }[] };
    expect(first.system).toEqual([{ type: 'text', text: 'Be brief.' }]);
    expect(first.tools.map((t) => t.name)).toEqual(['weather', 'current_time']);
    expect((server.requests[1]!.body as { messages: unknown }).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris, and the time?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_01Paris', name: 'weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_01Tokyo', name: 'current_time', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_01Paris', content: '{"city":"Paris","tempC":18}' },
          { type: 'tool_result', tool_use_id: 'toolu_01Tokyo', content: '12:00' },
        ],
      },
    ]);
  });

  it('round-trips web search calls and results, and thinking signatures, into the next turn', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(sse('web-search'), sse('reasoning'), sse('text'));
    const model = createAnthropic({ apiKey: 'sk-ant-test', baseURL: server.baseURL('/v1') })('claude-sonnet-4-5');
    const agent = new Agent({ tools: [anthropicTools.webSearch({ maxUses: 2 })] });

    const first = await agent.run(model, [userMessage('Weather in NYC?')]).result;
    const builtin = first.message?.parts.filter((p) => p.type.startsWith('builtin-'));
    expect(builtin?.map((p) => p.type)).toEqual(['builtin-tool-call', 'builtin-tool-result']);
    const second = await agent.run(model, [...first.messages, userMessage('And the GCD of 1071 and 462?')]).result;
    await agent.run(model, [...second.messages, userMessage('Thanks')]).result;

    const sent = server.requests[0]!.body as { tools: unknown };
    expect(sent.tools).toEqual([{ type: 'web_search_20250305', name: 'web_search', max_uses: 2 }]);
    const history = (server.requests[2]!.body as { messages: { role: string; content: { type: string }[] }[] }).messages;
    expect(history.map((m) => [m.role, m.content.map((b) => b.type)])).toEqual([
      ['user', ['text']],
      ['assistant', ['text', 'server_tool_use', 'web_search_tool_result', 'text']],
      ['user', ['text']],
      ['assistant', ['thinking', 'text']],
      ['user', ['text']],
    ]);
    expect(history[1]!.content[1]).toEqual({
      type: 'server_tool_use',
      id: 'srvtoolu_014hJH82Qum7Td6UV8gDXThB',
      name: 'web_search',
      input: { query: 'weather NYC today' },
    });
    expect(history[1]!.content[2]).toMatchObject({ type: 'web_search_tool_result', tool_use_id: 'srvtoolu_014hJH82Qum7Td6UV8gDXThB' });
    expect(history[3]!.content[0]).toEqual({
      type: 'thinking',
      thinking: 'I need to find the GCD of 1071 and 462. 1071 = 2 × 462 + 147; 462 = 3 × 147 + 21; 147 = 7 × 21.',
      signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds',
    });
  });
});
