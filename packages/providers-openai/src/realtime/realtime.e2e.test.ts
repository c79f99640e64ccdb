import { BidiAgent } from '@tandem/bidi';
import type { FunctionTool } from '@tandem/core';
import { loadJsonFixture } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAI } from '../openai-provider.js';
import { RealtimeTestServer } from './realtime-test-server.test-helper.js';

const dir = new URL('../__fixtures__/realtime/', import.meta.url);
let server: RealtimeTestServer;
beforeEach(async () => {
  server = await RealtimeTestServer.start();
});
afterEach(async () => {
  await server.close();
});

describe('BidiAgent end to end through openai.realtime (loopback WebSocket)', () => {
  it('runs a group of two tools and sends their results back in one turn', async () => {
    const weather: FunctionTool<{ city: string }> = {
      kind: 'function',
      name: 'weather',
      spec: { description: 'Current weather for a city.', params: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
      execute: async ({ city }) => ({ city, temp: 20 }),
    };
    const currentTime: FunctionTool = {
      kind: 'function',
      name: 'current_time',
      spec: { description: 'The current time.', params: { type: 'object', properties: {} } },
      execute: () => '12:00',
    };
    const model = createOpenAI({ apiKey: 'sk-rt-e2e-000000', baseURL: `${server.url}/v1` }).realtime('gpt-realtime');
    const agent = new BidiAgent({ model, tools: [weather, currentTime], system: 'Be brief.' });
    await agent.start();
    const client = await server.nextConnection();
    await agent.send('Weather and time in Oslo?');
    await client.waitFor(3); // session.update, the user item, response.create
    client.send(...(loadJsonFixture(dir, 'tool-calls') as unknown[]));
    await client.waitFor(6); // two function_call_output items and one response.create
    client.send(...(loadJsonFixture(dir, 'audio-response') as unknown[]));

    const types: string[] = [];
    let transcript = '';
    for await (const event of agent.receive()) {
      types.push(event.type);
      if (event.type === 'transcript' && event.role === 'assistant') transcript += event.delta;
      if (event.type === 'response-complete' && event.responseId === 'resp_rt02') break;
    }
    await agent.stop();

    expect(client.received.slice(3)).toEqual([
      { type: 'conversation.item.create', item: { type: 'function_call_output', call_id: 'call_rt_weather', output: '{"city":"Oslo","temp":20}' } },
      { type: 'conversation.item.create', item: { type: 'function_call_output', call_id: 'call_rt_time', output: '12:00' } },
      { type: 'response.create' },
    ]);
    expect(types.filter((t) => t === 'tool-call-result')).toHaveLength(2);
    expect(types).toContain('tool-group-complete');
    expect(types).toContain('audio');
    expect(transcript).toBe('It is sunny in Oslo.');
  });
});
