import { describe, expect, it } from 'vitest';
import { Agent, userMessage, type FunctionTool } from '@tandem/core';
import { collectModelStream, loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { z } from 'zod';
import { createAnthropic } from './anthropic-provider.js';

const dir = new URL('./__fixtures__/', import.meta.url);
const sse = (name: string) => ({ type: 'sse' as const, events: loadSseFixture(dir, name) });
const Weather = z.object({ city: z.string(), tempC: z.number() });
const wireSchema = { type: 'object', properties: { city: { type: 'string' }, tempC: { type: 'number' } }, required: ['city', 'tempC'] };
const jsonTool = { anthropic: { structuredOutputMode: 'jsonTool' } } as const;

describe('structured output on the Messages API (loopback server)', () => {
  it('sends output_config.format and reads the JSON text block', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(sse('json-output'));
    const model = createAnthropic({ apiKey: 'sk-ant-test', baseURL: server.baseURL('/v1') })('claude-sonnet-4-5');
    const result = await collectModelStream(
      model.stream({ messages: [userMessage('Weather in Oslo?')], tools: [], responseFormat: { type: 'json', schema: wireSchema }, topP: 0.9, stopSequences: ['END'] }),
    );
    expect(server.requests[0]!.body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] }],
      top_p: 0.9,
      stop_sequences: ['END'],
      output_config: { format: { type: 'json_schema', schema: { ...wireSchema, additionalProperties: false } } },
      stream: true,
    });
    expect(server.requests[0]!.headers).not.toHaveProperty('anthropic-beta');
    expect(result.text).toBe('{"city":"Oslo","tempC":18}');
    expect(result.finishReason).toBe('stop');
  });

  it("in jsonTool mode, turns the forced answer tool's input into a text part and finishes with stop", async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(sse('json-tool'));
    const model = createAnthropic({ apiKey: 'sk-ant-test', baseURL: server.baseURL('/v1') })('claude-3-5-haiku-20241022');
    const result = await collectModelStream(
      model.stream({ messages: [userMessage('Weather in Oslo?')], tools: [], responseFormat: { type: 'json', name: 'output', schema: wireSchema }, providerOptions: jsonTool }),
    );
    expect(server.requests[0]!.body).toMatchObject({ tools: [{ name: 'output', input_schema: wireSchema }], tool_choice: { type: 'tool', name: 'output' } });
    expect(result.parts.map((p) => p.type)).toEqual(['text-start', 'text-delta', 'text-delta', 'text-end', 'finish']);
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toBe('{"city": "Oslo", "tempC": 18}');
    expect(result.finishReason).toBe('stop');
  });
});

describe('Agent.run(…, { output: zodSchema }) through Anthropic', () => {
  it('resolves result.output with structured outputs', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(sse('json-output'));
    const model = createAnthropic({ apiKey: 'sk-ant-test', baseURL: server.baseURL('/v1') })('claude-sonnet-4-5');
    const result = await new Agent().run(model, 'Weather in Oslo?', { output: Weather }).result;
    expect(result.output).toEqual({ city: 'Oslo', tempC: 18 });
    expect(server.requests[0]!.body).toMatchObject({ output_config: { format: { type: 'json_schema', schema: { ...wireSchema, additionalProperties: false } } } });
  });

  it('in jsonTool mode, runs a real tool first, then resolves result.output from the answer tool without a tool-call event for it', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(sse('tool-call'), sse('json-tool'));
    const executed: string[] = [];
    const weather: FunctionTool = {
      kind: 'function',
      name: 'weather',
      description: 'Current weather for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      execute: (input) => {
        executed.push((input as { city: string }).city);
        return { tempC: 18 };
      },
    };
    const model = createAnthropic({ apiKey: 'sk-ant-test', baseURL: server.baseURL('/v1') })('claude-3-5-haiku-20241022');
    await using run = new Agent({ tools: [weather], providerOptions: jsonTool }).run(model, 'Weather in Oslo?', { output: Weather });
    const toolCalls: string[] = [];
    for await (const event of run) if (event.type === 'tool-start') toolCalls.push(event.toolName);
    const result = await run.result;
    expect(result.stopReason).toBe('endTurn');
    expect(result.output).toEqual({ city: 'Oslo', tempC: 18 });
    expect(executed).toEqual(['San Francisco']);
    expect(toolCalls).toEqual(['weather']);
    for (const request of server.requests) {
      expect(request.body).toMatchObject({ tools: [{ name: 'weather' }, { name: 'output', input_schema: wireSchema }], tool_choice: { type: 'any' } });
    }
  });
});
