import { APICallError, InvalidResponseDataError, type BidiConnection, type BidiModelEvent } from '@tandem/core/spec';
import { contractTools } from '@tandem/core/testing';
import { InvalidRequestError } from '@tandem/provider-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGoogle } from '../google-provider.js';
import type { GoogleLiveSettings } from './google-live-settings.js';
import { EventReader, liveFixture, textResult } from './live-test-kit.test-helper.js';
import { LiveTestServer } from './live-test-server.test-helper.js';

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

async function open(settings?: GoogleLiveSettings) {
  connection = await live(settings).connect({ tools: contractTools, messages: [] });
  const client = await server.connection(0);
  return { connection, client, events: new EventReader(connection.events()) };
}

const isEnd = (event: BidiModelEvent) => event.type === 'response-end';

describe('google.live: a spoken turn', () => {
  it('sends 16 kHz audio and text as realtimeInput; streams transcripts, 24 kHz audio, usage and the turn end', async () => {
    const { connection, client, events } = await open();
    await connection.send({ type: 'audio', data: new Uint8Array([1, 0, 2, 0]), sampleRate: 16_000 });
    await connection.send({ type: 'text', text: 'And in Bergen?' });
    await connection.send({ type: 'image', mediaType: 'image/jpeg', data: new Uint8Array([255, 216]) });
    await client.waitFor(4);
    expect(client.received.slice(1)).toEqual([
      { realtimeInput: { audio: { data: 'AQACAA==', mimeType: 'audio/pcm;rate=16000' } } },
      { realtimeInput: { text: 'And in Bergen?' } },
      { realtimeInput: { video: { data: '/9g=', mimeType: 'image/jpeg' } } },
    ]);

    client.send(...liveFixture('spoken-turn'));
    const out = await events.take(isEnd);
    const responseId = (out.find((e) => e.type === 'response-start') as { responseId: string }).responseId;
    expect(out).toEqual([
      { type: 'transcript', role: 'user', delta: "What's the weather", final: false },
      { type: 'transcript', role: 'user', delta: ' like in Oslo?', final: false },
      { type: 'transcript', role: 'user', delta: '', final: true },
      { type: 'response-start', responseId },
      { type: 'audio', responseId, data: new Uint8Array([1, 0, 2, 0, 3, 0, 4, 0]), sampleRate: 24_000 },
      { type: 'transcript', role: 'assistant', delta: 'It is sunny', final: false, responseId },
      { type: 'audio', responseId, data: new Uint8Array([5, 0, 6, 0]), sampleRate: 24_000 },
      { type: 'transcript', role: 'assistant', delta: ' in Oslo.', final: false, responseId },
      { type: 'usage', responseId, usage: { inputTokens: 612, outputTokens: 48 } },
      { type: 'transcript', role: 'assistant', delta: '', final: true, responseId },
      { type: 'response-end', responseId, stopReason: 'complete' },
    ]);

    client.send(...liveFixture('answer'));
    const next = await events.take(isEnd);
    expect(next[0]).toMatchObject({ type: 'response-start' });
    expect((next[0] as { responseId: string }).responseId).not.toBe(responseId);
  });

  it('keeps a sample split across two chunks whole', async () => {
    const { connection, client } = await open();
    await connection.send({ type: 'audio', data: new Uint8Array([1, 0, 2]), sampleRate: 16_000 });
    await connection.send({ type: 'audio', data: new Uint8Array([9]), sampleRate: 16_000 });
    await connection.send({ type: 'audio', data: new Uint8Array([3, 0]), sampleRate: 16_000 });
    await client.waitFor(4);
    const sent = client.received.slice(1).map((m) => Buffer.from((m as { realtimeInput: { audio: { data: string } } }).realtimeInput.audio.data, 'base64'));
    expect(sent.map((b) => [...b])).toEqual([[1, 0], [2, 9], [3, 0]]);
  });

  it('rejects audio at another rate and non-image media with InvalidRequestError', async () => {
    const { connection } = await open();
    const wrongRate = await connection.send({ type: 'audio', data: new Uint8Array(4), sampleRate: 48_000 }).catch((e: unknown) => e);
    expect(InvalidRequestError.isInstance(wrongRate)).toBe(true);
    expect((wrongRate as Error).message).toBe('Gemini Live takes 16000 Hz PCM16 audio; got 48000 Hz. Resample it first (BidiAgent does this for you).');
    await expect(connection.send({ type: 'image', mediaType: 'application/pdf', data: new Uint8Array(1) })).rejects.toThrow(/image\/\* media type/);
  });
});

describe('google.live: tool groups', () => {
  it('one toolCall of two calls is one tool-group; the results go back as one toolResponse in call order', async () => {
    const { connection, client, events } = await open({ toolOptions: { weather: { behavior: 'NON_BLOCKING', scheduling: 'INTERRUPT' } } });
    client.send(...liveFixture('two-calls'));
    const out = await events.take((e) => e.type === 'tool-group');
    expect(out).toEqual([
      {
        type: 'tool-group',
        calls: [
          { toolCallId: 'function-call-2301', toolName: 'weather', toolArgs: '{"city":"Oslo"}' },
          { toolCallId: 'function-call-2302', toolName: 'current_time', toolArgs: '{}' },
        ],
      },
    ]);
    await connection.sendToolResults([
      textResult('function-call-2301', 'weather', 'sunny'),
      { toolCallId: 'function-call-2302', toolName: 'current_time', status: 'error', isError: true, result: 'clock broken', modelInput: { type: 'text', value: 'clock broken' } },
    ]);
    await client.waitFor(2);
    expect(client.received.slice(1)).toEqual([
      {
        toolResponse: {
          functionResponses: [
            { id: 'function-call-2301', name: 'weather', response: { output: 'sunny' }, scheduling: 'INTERRUPT' },
            { id: 'function-call-2302', name: 'current_time', response: { error: 'clock broken' } },
          ],
        },
      },
    ]);
  });

  it('two overlapping groups: each gets its own toolResponse, in the order the agent finishes them', async () => {
    const { connection, client, events } = await open();
    client.send(
      { toolCall: { functionCalls: [{ id: 'a1', name: 'weather', args: { city: 'Oslo' } }, { id: 'a2', name: 'weather', args: { city: 'Rome' } }] } },
      { toolCall: { functionCalls: [{ id: 'b1', name: 'current_time', args: {} }] } },
    );
    const out = await events.take((e) => e.type === 'tool-group' && e.calls[0]?.toolCallId === 'b1');
    expect(out.map((e) => (e.type === 'tool-group' ? e.calls.map((c) => c.toolCallId) : e.type))).toEqual([['a1', 'a2'], ['b1']]);
    await connection.sendToolResults([textResult('b1', 'current_time', '12:00')]);
    await connection.sendToolResults([textResult('a1', 'weather', 'sunny'), textResult('a2', 'weather', 'rain')]);
    await client.waitFor(3);
    const ids = client.received.slice(1).map((m) => (m as { toolResponse: { functionResponses: { id: string }[] } }).toolResponse.functionResponses.map((r) => r.id));
    expect(ids).toEqual([['b1'], ['a1', 'a2']]);
  });

  it('toolCallCancellation: a tool-cancel event; cancelled calls are left out of the toolResponse; a fully cancelled group sends nothing', async () => {
    const { connection, client, events } = await open();
    client.send(
      { toolCall: { functionCalls: [{ id: 'x1', name: 'weather', args: { city: 'Oslo' } }, { id: 'x2', name: 'current_time', args: {} }] } },
      { toolCallCancellation: { ids: ['x1'] } },
      { toolCall: { functionCalls: [{ id: 'y1', name: 'current_time', args: {} }] } },
      { toolCallCancellation: { ids: ['y1'] } },
      { serverContent: { turnComplete: true } },
    );
    await events.take((e) => e.type === 'tool-group' && e.calls[0]?.toolCallId === 'y1');
    // The stream goes on: both cancellations were read before this probe's events.
    client.send(...liveFixture('answer'));
    await events.take(isEnd);
    // Each cancellation is announced as a tool-cancel event, after the calls it cancels.
    const tools = events.seen.flatMap((e) =>
      e.type === 'tool-group' ? [`group ${e.calls.map((c) => c.toolCallId).join(',')}`] : e.type === 'tool-cancel' ? [`cancel ${e.toolCallIds.join(',')}`] : [],
    );
    expect(tools).toEqual(['group x1,x2', 'cancel x1', 'group y1', 'cancel y1']);
    expect(events.seen.find((e) => e.type === 'tool-cancel')).toEqual({ type: 'tool-cancel', toolCallIds: ['x1'] });
    await connection.sendToolResults([textResult('y1', 'current_time', '12:00')]);
    await connection.sendToolResults([textResult('x1', 'weather', 'sunny'), textResult('x2', 'current_time', '12:01')]);
    await connection.send({ type: 'text', text: 'probe' });
    await client.waitFor(3);
    expect(client.received.slice(1)).toEqual([
      { toolResponse: { functionResponses: [{ id: 'x2', name: 'current_time', response: { output: '12:01' } }] } },
      { realtimeInput: { text: 'probe' } },
    ]);
  });
});

describe('google.live: barge-in', () => {
  it('interrupted during audio is a barge-in for the playing response, which ends as interrupted', async () => {
    const { client, events } = await open();
    client.send(...liveFixture('interrupted-turn'));
    const out = await events.take(isEnd);
    const responseId = (out[0] as { responseId: string }).responseId;
    expect(out).toEqual([
      { type: 'response-start', responseId },
      { type: 'audio', responseId, data: new Uint8Array([1, 0, 2, 0, 3, 0, 4, 0]), sampleRate: 24_000 },
      { type: 'transcript', role: 'assistant', delta: 'Once upon a', final: false, responseId },
      { type: 'barge-in', responseId },
      { type: 'transcript', role: 'assistant', delta: '', final: true, responseId },
      { type: 'transcript', role: 'user', delta: 'Stop, please.', final: false },
      { type: 'transcript', role: 'user', delta: '', final: true },
      { type: 'response-end', responseId, stopReason: 'interrupted' },
    ]);
  });

  it('audio of a new turn after an interruption (before its turnComplete) starts a new response', async () => {
    const { client, events } = await open();
    client.send(...liveFixture('interrupted-turn').slice(0, 3), ...liveFixture('answer'));
    const first = await events.take(isEnd);
    expect(first.map((e) => e.type)).toEqual(['response-start', 'audio', 'transcript', 'barge-in', 'transcript', 'response-end']);
    expect(first[4]).toMatchObject({ role: 'assistant', final: true });
    expect(first.at(-1)).toMatchObject({ stopReason: 'interrupted' });
    const second = await events.take(isEnd);
    expect(second[0]).toMatchObject({ type: 'response-start' });
    expect(second.at(-1)).toMatchObject({ type: 'response-end', stopReason: 'complete' });
  });
});

describe('google.live: bad server messages', () => {
  it('malformed and unknown messages are non-fatal errors, and the session goes on', async () => {
    const { connection, client, events } = await open();
    client.sendRaw('this is not json');
    client.send([1, 2, 3]);
    client.send({ toolCall: { functionCalls: [{ id: 'z', args: {} }] } });
    client.send({ serverContent: { modelTurn: { parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: 42 } }] } } });
    client.send({ someFutureMessage: { hello: true } });
    client.send(...liveFixture('answer'));
    const out = await events.take(isEnd);
    const errors = out.filter((e) => e.type === 'error');
    expect(errors).toHaveLength(5);
    for (const error of errors) {
      expect(error).toMatchObject({ fatal: false });
      expect(InvalidResponseDataError.isInstance((error as { error: unknown }).error)).toBe(true);
    }
    expect((errors[0] as { error: Error }).error.message).toContain('not JSON');
    expect((errors[4] as { error: Error }).error.message).toContain('someFutureMessage');
    expect(out.filter((e) => e.type !== 'error').map((e) => e.type)).toEqual(['response-start', 'audio', 'transcript', 'transcript', 'response-end']);
    await connection.send({ type: 'text', text: 'still there?' });
    await client.waitFor(2);
    expect(client.received[1]).toEqual({ realtimeInput: { text: 'still there?' } });
  });
});

describe('google.live: the end of a connection', () => {
  it('a server close after goAway is a timeout carrying the newest resumption handle', async () => {
    const { client, events } = await open();
    client.send(
      { sessionResumptionUpdate: { newHandle: 'h1', resumable: true } },
      { goAway: { timeLeft: '12.5s' } },
      { sessionResumptionUpdate: { resumable: false } },
      { sessionResumptionUpdate: { newHandle: 'h2', resumable: true } },
    );
    expect(await events.take((e) => e.type === 'go-away')).toEqual([{ type: 'go-away', resumeToken: 'h1', timeLeftMs: 12_500 }]);
    client.socket.close(1011, 'connection lifetime reached');
    expect(await events.rest()).toEqual([{ type: 'timeout', resumeToken: 'h2' }]);
  });

  it('an unexpected close makes events() throw a retryable APICallError; a normal close just ends it', async () => {
    const first = await open();
    first.client.socket.close(1011, 'internal error');
    const error: unknown = await first.events.rest().catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ isRetryable: true });
    expect((error as Error).message).toContain('close code 1011: internal error');
    await expect(first.connection.send({ type: 'text', text: 'hello?' })).rejects.toThrow(/connection is closed/);

    connection = await live().connect({ tools: [], messages: [] });
    const second = await server.connection(1);
    const events = new EventReader(connection.events());
    second.socket.close(1000, 'bye');
    expect(await events.rest()).toEqual([]);
  });
});
