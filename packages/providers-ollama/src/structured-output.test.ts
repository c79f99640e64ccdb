import { Agent, userMessage } from '@tandem/core';
import { collectModelStream, loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOllama } from './ollama-provider.js';

const dir = new URL('./__fixtures__/', import.meta.url);
let server: ProviderTestServer;
beforeEach(async () => {
  server = await ProviderTestServer.start();
});
afterEach(async () => {
  await server.close();
});

const schema = { type: 'object', properties: { city: { type: 'string' }, tempC: { type: 'number' } }, required: ['city', 'tempC'] };

describe('structured output through the OpenAI-compatible API of Ollama', () => {
  it('sends responseFormat as response_format json_schema, with seed, top_p, stop and max_tokens', async () => {
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'json-output') });
    const model = createOllama({ baseURL: server.baseURL('/v1') })('llama3.2');
    const result = await collectModelStream(
      model.stream({
        messages: [userMessage('Weather in Oslo?')],
        tools: [],
        responseFormat: { type: 'json', name: 'weather', description: 'Weather report.', schema },
        seed: 11,
        topP: 0.8,
        stopSequences: ['END'],
        maxOutputTokens: 200,
      }),
    );
    expect(server.requests[0]!.body).toEqual({
      model: 'llama3.2',
      messages: [{ role: 'user', content: 'Weather in Oslo?' }],
      max_tokens: 200,
      top_p: 0.8,
      stop: ['END'],
      seed: 11,
      response_format: { type: 'json_schema', json_schema: { name: 'weather', description: 'Weather report.', schema } },
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(result.text).toBe('{"city":"Oslo","tempC":18}');
  });

  it('resolves result.output of Agent.run(…, { output: zodSchema })', async () => {
    server.enqueue({ type: 'sse', events: loadSseFixture(dir, 'json-output') });
    const model = createOllama({ baseURL: server.baseURL('/v1') })('llama3.2');
    const result = await new Agent().run(model, 'Weather in Oslo?', { output: z.object({ city: z.string(), tempC: z.number() }) }).result;
    expect(result.output).toEqual({ city: 'Oslo', tempC: 18 });
    expect(server.requests[0]!.body).toMatchObject({ response_format: { type: 'json_schema', json_schema: { name: 'output', schema } } });
  });
});
