import { Agent, userMessage } from '@tandem/core';
import type { ModelRequest } from '@tandem/core/spec';
import { collectModelStream, loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createOpenAI } from './openai-provider.js';

let server: ProviderTestServer;
beforeEach(async () => {
  server = await ProviderTestServer.start();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const fixtures = (api: 'responses' | 'chat') => new URL(`./__fixtures__/${api}/`, import.meta.url);
const provider = () => createOpenAI({ apiKey: 'sk-test-123456', baseURL: server.baseURL('/v1') });
/** The JSON Schema a zod object becomes (optional fields, additionalProperties left open): not strict-ready. */
const looseSchema = { type: 'object', properties: { city: { type: 'string' }, tempC: { type: 'number' } }, required: ['city'] };
const strictSchema = { ...looseSchema, required: ['city', 'tempC'], additionalProperties: false };
const request = (extra: Partial<ModelRequest>): ModelRequest => ({ messages: [userMessage('Weather in Oslo?')], tools: [], ...extra });

describe('structured output on the Responses API', () => {
  it('sends responseFormat as text.format json_schema, without strict for a schema strict mode would reject', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    server.enqueue({ type: 'sse', events: loadSseFixture(fixtures('responses'), 'json-output') });
    const result = await collectModelStream(
      provider()('gpt-5').stream(
        request({
          responseFormat: { type: 'json', name: 'weather', description: 'Weather report.', schema: looseSchema },
          topP: 0.5,
          seed: 7,
          providerOptions: { openai: { textVerbosity: 'low' } },
        }),
      ),
    );
    expect(server.requests[0]!.body).toEqual({
      model: 'gpt-5',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'Weather in Oslo?' }] }],
      top_p: 0.5,
      text: { format: { type: 'json_schema', name: 'weather', description: 'Weather report.', schema: looseSchema }, verbosity: 'low' },
      stream: true,
    });
    expect(warn).toHaveBeenCalledWith('OpenAI Responses does not support seed; it was ignored.', expect.anything());
    expect(result.text).toBe('{"city":"Oslo","tempC":18}');
    expect(result.finishReason).toBe('stop');
  });

  it('sets strict: true when the schema already meets the strict rules, unless strictJsonSchema is false', async () => {
    server.enqueue({ type: 'sse', events: loadSseFixture(fixtures('responses'), 'json-output') }, { type: 'sse', events: loadSseFixture(fixtures('responses'), 'json-output') });
    await collectModelStream(provider()('gpt-5').stream(request({ responseFormat: { type: 'json', schema: strictSchema } })));
    await collectModelStream(provider()('gpt-5').stream(request({ responseFormat: { type: 'json', schema: strictSchema }, providerOptions: { openai: { strictJsonSchema: false } } })));
    expect(server.requests[0]!.body).toMatchObject({ text: { format: { type: 'json_schema', name: 'response', schema: strictSchema, strict: true } } });
    expect((server.requests[1]!.body as { text: { format: object } }).text.format).toEqual({ type: 'json_schema', name: 'response', schema: strictSchema });
  });
});

describe('structured output on Chat Completions', () => {
  it('sends response_format json_schema with seed, top_p and stop', async () => {
    server.enqueue({ type: 'sse', events: loadSseFixture(fixtures('chat'), 'json-output') });
    const result = await collectModelStream(
      provider()
        .chat('gpt-4.1-mini')
        .stream(request({ responseFormat: { type: 'json', name: 'weather', schema: strictSchema }, seed: 42, topP: 0.9, stopSequences: ['END'] })),
    );
    expect(server.requests[0]!.body).toEqual({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'Weather in Oslo?' }],
      top_p: 0.9,
      stop: ['END'],
      seed: 42,
      response_format: { type: 'json_schema', json_schema: { name: 'weather', schema: strictSchema, strict: true } },
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(result.text).toBe('{"city":"Oslo","tempC":18}');
  });
});

describe('Agent.run(…, { output }) end to end', () => {
  const Weather = z.object({ city: z.string(), tempC: z.number() });

  it.each(['responses', 'chat'] as const)('resolves result.output through the %s API', async (api) => {
    server.enqueue({ type: 'sse', events: loadSseFixture(fixtures(api), 'json-output') });
    const model = api === 'chat' ? provider().chat('gpt-4.1-mini') : provider()('gpt-5');
    const run = new Agent(api === 'chat' ? { seed: 3 } : {}).run(model, 'Weather in Oslo?', { output: Weather });
    const result = await run.result;
    expect(result.output).toEqual({ city: 'Oslo', tempC: 18 });
    const body = server.requests[0]!.body as { text?: { format: unknown }; response_format?: { json_schema: unknown }; seed?: number };
    const expected = { name: 'output', schema: { type: 'object', properties: { city: { type: 'string' }, tempC: { type: 'number' } }, required: ['city', 'tempC'] } };
    if (api === 'chat') {
      expect(body.response_format).toEqual({ type: 'json_schema', json_schema: expected });
      expect(body.seed).toBe(3);
    } else {
      expect(body.text).toEqual({ format: { type: 'json_schema', ...expected } });
    }
  });
});
