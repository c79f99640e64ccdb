import { Agent, userMessage, type FunctionTool } from '@tandem/core';
import { loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOllama } from './ollama-provider.js';

let server: ProviderTestServer;
beforeEach(async () => {
  server = await ProviderTestServer.start();
});
afterEach(async () => {
  await server.close();
});

describe('Agent end to end through the Ollama provider (loopback server)', () => {
  it('runs two tools and sends their results back as tool messages', async () => {
    const dir = new URL('./__fixtures__/', import.meta.url);
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'parallel-tool-calls') }, { type: 'sse', events: loadSseFixture(dir, 'text') });
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
    const run = new Agent({ tools: [weather, currentTime] }).run(createOllama({ baseURL: server.baseURL('/v1') })('llama3.2'), [userMessage('Weather and time in Oslo?')]);
    const types: string[] = [];
    for await (const event of run) types.push(event.type);
    const result = await run.result;
    expect(result.stopReason).toBe('endTurn');
    expect(result.text).toBe('Hello! How can I help today?');
    expect(executed.sort()).toEqual(['current_time', 'weather:Oslo']);
    expect(types.filter((t) => t === 'tool-call-result')).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
    const messages = (server.requests[1]!.body as { messages: unknown[] }).messages;
    expect(messages.slice(-2)).toEqual([
      { role: 'tool', tool_call_id: expect.any(String), content: '{"city":"Oslo","temp":20}' },
      { role: 'tool', tool_call_id: expect.any(String), content: '12:00' },
    ]);
    expect(messages[1]).toMatchObject({ role: 'assistant', tool_calls: [{ function: { name: 'weather' } }, { function: { name: 'current_time' } }] });
  });
});
