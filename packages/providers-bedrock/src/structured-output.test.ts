import { describe, expect, it } from 'vitest';
import { Agent, userMessage, type FunctionTool } from '@tandem/core';
import { collectModelStream, ProviderTestServer } from '@tandem/core/testing';
import { z } from 'zod';
import { createBedrock } from './bedrock-provider.js';
import { bedrockStream } from './test-utils/bedrock-fixture.js';

const Weather = z.object({ city: z.string(), tempC: z.number() });
const wireSchema = { type: 'object', properties: { city: { type: 'string' }, tempC: { type: 'number' } }, required: ['city', 'tempC'] };
const jsonTool = { bedrock: { structuredOutputMode: 'jsonTool' } } as const;

function bedrock(endpoint: string) {
  return createBedrock({ region: 'us-east-1', endpoint, credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' } });
}

describe('structured output on Converse (loopback server)', () => {
  it('sends outputConfig.textFormat with inference settings and reads the JSON text', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(bedrockStream('json-output'));
    const model = bedrock(server.url)('us.anthropic.claude-sonnet-4-5-20250929-v1:0');
    const result = await collectModelStream(
      model.stream({
        messages: [userMessage('Weather in Oslo?')],
        tools: [],
        responseFormat: { type: 'json', name: 'weather', schema: wireSchema },
        topP: 0.9,
        stopSequences: ['END'],
        maxOutputTokens: 300,
      }),
    );
    expect(server.requests[0]!.path).toBe('/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream');
    expect(server.requests[0]!.body).toEqual({
      messages: [{ role: 'user', content: [{ text: 'Weather in Oslo?' }] }],
      inferenceConfig: { maxTokens: 300, topP: 0.9, stopSequences: ['END'] },
      outputConfig: {
        textFormat: {
          type: 'json_schema',
          structure: { jsonSchema: { schema: JSON.stringify({ ...wireSchema, additionalProperties: false }), name: 'weather' } },
        },
      },
    });
    expect(result.text).toBe('{"city":"Oslo","tempC":18}');
    expect(result.finishReason).toBe('stop');
  });

  it("in jsonTool mode, turns the forced answer tool's input into a text part and finishes with stop", async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(bedrockStream('json-tool'));
    const model = bedrock(server.url)('amazon.nova-pro-v1:0');
    const result = await collectModelStream(
      model.stream({ messages: [userMessage('Weather in Oslo?')], tools: [], responseFormat: { type: 'json', name: 'output', schema: wireSchema }, providerOptions: jsonTool }),
    );
    expect(server.requests[0]!.body).toMatchObject({
      toolConfig: { tools: [{ toolSpec: { name: 'output', inputSchema: { json: wireSchema } } }], toolChoice: { tool: { name: 'output' } } },
    });
    expect(result.parts.map((p) => p.type)).toEqual(['text-start', 'text-delta', 'text-delta', 'text-end', 'finish']);
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toBe('{"city": "Oslo", "tempC": 18}');
    expect(result.finishReason).toBe('stop');
  });
});

describe('Agent.run(…, { output: zodSchema }) through Bedrock', () => {
  it('resolves result.output with structured outputs', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(bedrockStream('json-output'));
    const model = bedrock(server.url)('us.anthropic.claude-haiku-4-5-20251001-v1:0');
    const result = await new Agent().run(model, 'Weather in Oslo?', { output: Weather }).result;
    expect(result.output).toEqual({ city: 'Oslo', tempC: 18 });
    const body = server.requests[0]!.body as { outputConfig: { textFormat: { structure: { jsonSchema: { schema: string; name: string } } } } };
    expect(body.outputConfig.textFormat.structure.jsonSchema.name).toBe('output');
    expect(JSON.parse(body.outputConfig.textFormat.structure.jsonSchema.schema)).toEqual({ ...wireSchema, additionalProperties: false });
  });

  it('in jsonTool mode, runs a real tool first, then resolves result.output from the answer tool', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(bedrockStream('tool-call'), bedrockStream('json-tool'));
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
    await using run = new Agent({ tools: [weather], providerOptions: jsonTool }).run(bedrock(server.url)('amazon.nova-pro-v1:0'), 'Weather in Oslo?', { output: Weather });
    const toolCalls: string[] = [];
    for await (const event of run) if (event.type === 'tool-start') toolCalls.push(event.toolName);
    const result = await run.result;
    expect(result.stopReason).toBe('endTurn');
    expect(result.output).toEqual({ city: 'Oslo', tempC: 18 });
    expect(executed).toEqual(['San Francisco']);
    expect(toolCalls).toEqual(['weather']);
    for (const request of server.requests) {
      expect(request.body).toMatchObject({ toolConfig: { tools: [{ toolSpec: { name: 'weather' } }, { toolSpec: { name: 'output' } }], toolChoice: { any: {} } } });
    }
  });
});
