import { describe, expect, it } from 'vitest';
import { Agent, userMessage, type FunctionTool } from '@tandem/core';
import { loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { createGoogleGenerativeAI } from './google-provider.js';

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
    execute: () => {
      throw new Error('clock unavailable');
    },
  },
];

describe('Agent + Gemini over the loopback server', () => {
  it('runs two tools from one response and answers each function call by name', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(sse('parallel-tool-calls'), sse('text'));
    let n = 0;
    const google = createGoogleGenerativeAI({ apiKey: 'gemini-test-key', baseURL: server.baseURL('/v1beta'), generateId: () => `call-${++n}` });
    await using run = new Agent({ tools, system: 'Be brief.' }).run(google('gemini-2.5-flash'), [userMessage('Weather in Paris, and the time?')]);
    for await (const _event of run) {
      // drain
    }
    const result = await run.result;
    expect(result.stopReason).toBe('endTurn');
    expect(result.text).toBe('Hello, world!');
    const first = server.requests[0]!.body as { systemInstruction: unknown; tools: unknown };
    expect(first.systemInstruction).toEqual({ parts: [{ text: 'Be brief.' }] });
    expect(first.tools).toEqual([
      {
        functionDeclarations: [
          { name: 'weather', description: 'Current weather for a city.', parametersJsonSchema: tools[0]!.inputSchema },
          { name: 'current_time', description: 'The current time.', parametersJsonSchema: tools[1]!.inputSchema },
        ],
      },
    ]);
    expect((server.requests[1]!.body as { contents: unknown }).contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris, and the time?' }] },
      {
        role: 'model',
        parts: [{ functionCall: { name: 'weather', args: { city: 'Paris' } } }, { functionCall: { name: 'current_time', args: {} } }],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'weather', response: { output: { city: 'Paris', tempC: 18 } } } },
          { functionResponse: { name: 'current_time', response: { error: expect.stringContaining('clock unavailable') } } },
        ],
      },
    ]);
  });

  it('echoes function call ids and thought signatures (Gemini 3) in the next turn', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(sse('tool-call-with-id'), sse('reasoning'), sse('text'));
    const model = createGoogleGenerativeAI({ apiKey: 'gemini-test-key', baseURL: server.baseURL('/v1beta') })('gemini-3-pro-preview');
    const agent = new Agent({ tools });
    const first = await agent.run(model, [userMessage('Weather in Oslo?')]).result;
    await agent.run(model, [...first.messages, userMessage('Thanks')]).result;
    const contents = (server.requests[2]!.body as { contents: unknown[] }).contents;
    expect(contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Oslo?' }] },
      { role: 'model', parts: [{ functionCall: { id: 'fc-8f2a', name: 'weather', args: { city: 'Oslo' } }, thoughtSignature: 'Cs4BAdHtim9fSig1' }] },
      { role: 'user', parts: [{ functionResponse: { id: 'fc-8f2a', name: 'weather', response: { output: { city: 'Oslo', tempC: 18 } } } }] },
      {
        role: 'model',
        parts: [
          { text: '**Finding the GCD**\nUse the Euclidean algorithm on 1071 and 462.', thought: true },
          { text: 'The GCD is 21.', thoughtSignature: 'CiQB0e2Kb7Yx3Sig2' },
        ],
      },
      { role: 'user', parts: [{ text: 'Thanks' }] },
    ]);
  });
});
