import { describe, expect, it } from 'vitest';
import { Agent, userMessage } from '@tandem/core';
import { collectModelStream, loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { z } from 'zod';
import { createGoogleGenerativeAI } from './google-provider.js';

const dir = new URL('./__fixtures__/', import.meta.url);
const sse = (name: string) => ({ type: 'sse' as const, events: loadSseFixture(dir, name) });
const schema = { type: 'object', properties: { city: { type: 'string' }, tempC: { type: 'number' } }, required: ['city', 'tempC'] };

describe('structured output on Gemini (loopback server)', () => {
  it('sends responseMimeType application/json with the schema in responseJsonSchema, plus seed, topP and stopSequences', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(sse('json-output'));
    const model = createGoogleGenerativeAI({ apiKey: 'gemini-test-key', baseURL: server.baseURL('/v1beta') })('gemini-2.5-flash');
    const result = await collectModelStream(
      model.stream({
        messages: [userMessage('Weather in Oslo?')],
        tools: [],
        responseFormat: { type: 'json', name: 'weather', description: 'Weather report.', schema: { $schema: 'http://json-schema.org/draft-07/schema#', ...schema } },
        seed: 5,
        topP: 0.7,
        stopSequences: ['END'],
      }),
    );
    expect(server.requests[0]!.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Weather in Oslo?' }] }],
      generationConfig: {
        topP: 0.7,
        stopSequences: ['END'],
        seed: 5,
        responseMimeType: 'application/json',
        responseJsonSchema: { ...schema, description: 'Weather report.' },
      },
    });
    expect(result.text).toBe('{"city": "Oslo", "tempC": 18}');
    expect(result.finishReason).toBe('stop');
  });

  it('lets providerOptions.google.seed override the request seed', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(sse('text'));
    const model = createGoogleGenerativeAI({ apiKey: 'gemini-test-key', baseURL: server.baseURL('/v1beta') })('gemini-2.5-flash');
    await collectModelStream(model.stream({ messages: [userMessage('Hi')], tools: [], seed: 5, providerOptions: { google: { seed: 9 } } }));
    expect(server.requests[0]!.body).toMatchObject({ generationConfig: { seed: 9 } });
  });

  it('resolves result.output of Agent.run(…, { output: zodSchema })', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(sse('json-output'));
    const model = createGoogleGenerativeAI({ apiKey: 'gemini-test-key', baseURL: server.baseURL('/v1beta') })('gemini-2.5-flash');
    const result = await new Agent().run(model, 'Weather in Oslo?', { output: z.object({ city: z.string(), tempC: z.number() }) }).result;
    expect(result.output).toEqual({ city: 'Oslo', tempC: 18 });
    expect(server.requests[0]!.body).toMatchObject({ generationConfig: { responseMimeType: 'application/json', responseJsonSchema: schema } });
  });
});
