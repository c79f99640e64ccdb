import { registerProvider, resolveBidiModel } from '@tandem/core';
import { APICallError, type BidiConnection } from '@tandem/core/spec';
import { contractTools } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGoogle } from '../google-provider.js';
import { googleTools } from '../google-tools.js';
import type { GoogleLiveSettings } from './google-live-settings.js';
import { EventReader, textResult } from './live-test-kit.test-helper.js';
import { LIVE_PATH, LiveTestServer } from './live-test-server.test-helper.js';

const KEY = 'gemini-live-SECRET-4321';
const MODEL = 'gemini-live-2.5-flash-preview';

let server: LiveTestServer;
let connection: BidiConnection | undefined;
beforeEach(async () => {
  server = await LiveTestServer.start();
});
afterEach(async () => {
  await connection?.close();
  connection = undefined;
  await server.close();
});

const live = (settings?: GoogleLiveSettings) => createGoogle({ apiKey: KEY, baseURL: `${server.url}/v1beta` }).live(MODEL, settings);


describe('google.live: connect and configure', () => {
  it('opens the BidiGenerateContent socket with the key, sends setup and resolves only after setupComplete', async () => {
    server.onSetup('hold');
    const model = live({
      voice: 'Kore',
      languageCode: 'en-US',
      toolOptions: { weather: { behavior: 'NON_BLOCKING', scheduling: 'WHEN_IDLE' } },
      contextWindowCompression: { triggerTokens: 100_000, targetTokens: 50_000 },
      voiceActivityDetection: { endSensitivity: 'LOW', silenceDurationMs: 800, interruptResponse: true },
    });
    expect(model).toMatchObject({
      specificationVersion: 'v1',
      provider: 'google.live',
      modelId: MODEL,
      audio: { inputRate: 16_000, outputRate: 24_000, channels: 1 },
      capabilities: { truncation: false, nativeAsyncTools: true, resumption: true, delivery: ['interrupt', 'when-idle', 'silent'], textInput: true, liveUpdate: false },
    });
    let resolved = false;
    const connecting = model.connect({ system: 'Be brief.', tools: [...contractTools, googleTools.googleSearch()], messages: [] }).then((c) => {
      resolved = true;
      return c;
    });
    const client = await server.connection(0);
    await client.waitFor(1);
    expect(resolved).toBe(false);
    client.completeSetup();
    connection = await connecting;

    expect(client.url.pathname).toBe(LIVE_PATH);
    expect(client.url.searchParams.get('key')).toBe(KEY);
    expect(client.received[0]).toEqual({
      setup: {
        model: `models/${MODEL}`,
        generationConfig: {
          responseModalities: ['AUDIO'],
          speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Kore' } }, languageCode: 'en-US' },
        },
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        tools: [
          {
            functionDeclarations: [
              { name: 'weather', description: 'Current weather for a city.', parametersJsonSchema: contractTools[0]!.inputSchema, behavior: 'NON_BLOCKING' },
              { name: 'current_time', description: 'The current time.', parametersJsonSchema: contractTools[1]!.inputSchema },
            ],
          },
          { googleSearch: {} },
        ],
        inputAudioTranscription: {},
        outputAudioTranscription: {},
        sessionResumption: {},
        contextWindowCompression: { triggerTokens: '100000', slidingWindow: { targetTokens: '50000' } },
        realtimeInputConfig: {
          automaticActivityDetection: { endOfSpeechSensitivity: 'END_SENSITIVITY_LOW', silenceDurationMs: 800 },
          activityHandling: 'START_OF_ACTIVITY_INTERRUPTS',
        },
      },
    });
  });

  it('seeds history as the protocol documents (historyConfig, clientContent closed by turnComplete), leaving out calls still waiting; their results later go with their call', async () => {
    connection = await live().connect({
      tools: contractTools,
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Use metric units.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Weather in Oslo, and the time?' }] },
        {
          role: 'assistant',
          parts: [
            { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', toolArgs: '{"city":"Oslo"}' },
            { type: 'tool-call', toolCallId: 'c2', toolName: 'current_time', toolArgs: '{}' },
          ],
        },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'weather', status: 'success', result: 'sunny', modelInput: { type: 'text', value: 'sunny' } }] },
        { role: 'assistant', parts: [{ type: 'text', text: 'It is sunny; checking the time.' }] },
      ],
    });
    const client = await server.connection(0);
    await client.waitFor(2);
    const { setup } = client.received[0] as { setup: { systemInstruction: unknown; historyConfig?: unknown } };
    expect(setup.systemInstruction).toEqual({ parts: [{ text: 'Use metric units.' }] });
    expect(setup.historyConfig).toEqual({ initialHistoryInClientContent: true });
    expect(client.received[1]).toEqual({
      clientContent: {
        turns: [
          { role: 'user', parts: [{ text: 'Weather in Oslo, and the time?' }] },
          { role: 'model', parts: [{ functionCall: { name: 'weather', args: { city: 'Oslo' } } }] },
          { role: 'user', parts: [{ functionResponse: { name: 'weather', response: { output: 'sunny' } } }] },
          { role: 'model', parts: [{ text: 'It is sunny; checking the time.' }] },
        ],
        turnComplete: true,
      },
    });

    await connection.sendToolResults([textResult('c2', 'current_time', '12:00')]);
    await client.waitFor(3);
    expect(client.received[2]).toEqual({
      clientContent: {
        turns: [
          { role: 'model', parts: [{ functionCall: { id: 'c2', name: 'current_time', args: {} } }] },
          { role: 'user', parts: [{ functionResponse: { id: 'c2', name: 'current_time', response: { output: '12:00' } } }] },
        ],
        turnComplete: true,
      },
    });
  });

  it('rejects a refused upgrade with the HTTP status, without the key in the error', async () => {
    server.reject(403, '{"error":{"code":403,"message":"Permission denied"}}');
    const error: unknown = await live().connect({ tools: [], messages: [] }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 403, isRetryable: false });
    expect((error as Error).message).toContain('Check the API key');
    expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).not.toContain(KEY);
  });

  it('rejects when the server closes during setup, with its reason; not retryable for invalid arguments', async () => {
    server.onSetup({ close: 1007, reason: 'models/nope is not found for API version v1beta' });
    const error: unknown = await live().connect({ tools: [], messages: [] }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ isRetryable: false });
    expect((error as Error).message).toMatch(/close code 1007: models\/nope is not found.*Check the model id/);
  });

  it('aborting during setup rejects with the reason and closes the socket', async () => {
    server.onSetup('hold');
    const controller = new AbortController();
    const connecting = live().connect({ tools: [], messages: [], signal: controller.signal });
    const client = await server.connection(0);
    await client.waitFor(1);
    controller.abort(new Error('user hung up'));
    await expect(connecting).rejects.toThrow('user hung up');
    await client.closed;
  });

  it('gives up on a setup that never completes after connectTimeoutMs (retryable) and closes the socket', async () => {
    server.onSetup('hold');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const connecting = live({ connectTimeoutMs: 5_000 })
        .connect({ tools: [], messages: [] })
        .catch((e: unknown) => e);
      const client = await server.connection(0);
      await client.waitFor(1);
      await vi.advanceTimersByTimeAsync(5_000);
      const error = await connecting;
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ isRetryable: true });
      expect((error as Error).message).toContain('within 5000 ms');
      await client.closed;
    } finally {
      vi.useRealTimers();
    }
  });

  it('aborting the request signal later closes an open connection', async () => {
    const controller = new AbortController();
    connection = await live().connect({ tools: [], messages: [], signal: controller.signal });
    const client = await server.connection(0);
    const events = new EventReader(connection.events());
    controller.abort();
    await client.closed;
    expect(await events.rest()).toEqual([]);
  });

  it('registers as a provider with bidi(), so resolveBidiModel() builds a Gemini Live model', () => {
    registerProvider('google-live-test', createGoogle({ apiKey: KEY }));
    expect(resolveBidiModel('google-live-test:gemini-live-2.5-flash-preview')).toMatchObject({ provider: 'google.live', modelId: MODEL, specificationVersion: 'v1' });
  });

  it('leaves out provider tools Gemini Live does not take, with a warning', async () => {
    const warnings: string[] = [];
    const model = createGoogle({ apiKey: KEY, baseURL: `${server.url}/v1beta`, warn: (message) => warnings.push(message) }).live(MODEL);
    connection = await model.connect({ tools: [{ kind: 'provider', id: 'openai.web_search', name: 'web_search', args: {} }], messages: [] });
    const client = await server.connection(0);
    expect((client.received[0] as { setup: object }).setup).not.toHaveProperty('tools');
    expect(warnings).toEqual(["Gemini Live does not take the provider tool 'openai.web_search'; it was not sent."]);
  });

  it('checks tool options when the model is made', () => {
    expect(() => live({ toolOptions: { weather: { scheduling: 'SILENT' } as never } })).toThrow(/NON_BLOCKING tools only/);
  });
});
