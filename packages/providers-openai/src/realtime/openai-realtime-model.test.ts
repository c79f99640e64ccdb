import { APICallError, type BidiConnection, type BidiModelEvent } from '@tandem/core/spec';
import { contractTools, loadJsonFixture } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAI } from '../openai-provider.js';
import { RealtimeTestServer } from './realtime-test-server.test-helper.js';

const dir = new URL('../__fixtures__/realtime/', import.meta.url);
const fixture = (name: string) => loadJsonFixture(dir, name) as unknown[];
const KEY = 'sk-realtime-SECRET-9876';

let server: RealtimeTestServer;
let connection: BidiConnection | undefined;
beforeEach(async () => {
  server = await RealtimeTestServer.start();
});
afterEach(async () => {
  await connection?.close();
  connection = undefined;
  await server.close();
});

const model = () => createOpenAI({ apiKey: KEY, baseURL: `${server.url}/v1` }).realtime('gpt-realtime', { voice: 'marin' });

/** Collects events until `until` matches (inclusive). */
async function take(events: AsyncIterator<BidiModelEvent>, until: (event: BidiModelEvent) => boolean): Promise<BidiModelEvent[]> {
  const out: BidiModelEvent[] = [];
  for (;;) {
    const next = await events.next();
    if (next.done) return out;
    out.push(next.value);
    if (until(next.value)) return out;
  }
}

describe('OpenAI Realtime model', () => {
  it('connects with the key, configures the session and replays history', async () => {
    const m = model();
    expect(m).toMatchObject({ specificationVersion: 'v1', provider: 'openai.realtime', modelId: 'gpt-realtime', audio: { inputRate: 24_000, outputRate: 24_000, channels: 1 } });
    connection = await m.connect({
      system: 'Be brief.',
      tools: contractTools,
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'Weather?' }] },
        { role: 'assistant', parts: [{ type: 'tool-call', toolCallId: 'c0', toolName: 'weather', toolArgs: '{"city":"Oslo"}' }] },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c0', toolName: 'weather', status: 'success', result: 'sunny', modelInput: { type: 'text', value: 'sunny' } }] },
      ],
    });
    const client = await server.nextConnection();
    await client.waitFor(4);
    expect(client.request.url).toBe('/v1/realtime?model=gpt-realtime');
    expect(client.request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(client.received[0]).toEqual({
      type: 'session.update',
      session: {
        type: 'realtime',
        model: 'gpt-realtime',
        instructions: 'Be brief.',
        output_modalities: ['audio'],
        audio: {
          input: { format: { type: 'audio/pcm', rate: 24_000 }, turn_detection: { type: 'server_vad' }, transcription: { model: 'gpt-4o-mini-transcribe' } },
          output: { format: { type: 'audio/pcm', rate: 24_000 }, voice: 'marin' },
        },
        tools: [
          { type: 'function', name: 'weather', description: 'Current weather for a city.', parameters: contractTools[0]!.inputSchema },
          { type: 'function', name: 'current_time', description: 'The current time.', parameters: contractTools[1]!.inputSchema },
        ],
        tool_choice: 'auto',
      },
    });
    expect(client.received.slice(1)).toEqual([
      { type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Weather?' }] } },
      { type: 'conversation.item.create', item: { type: 'function_call', call_id: 'c0', name: 'weather', arguments: '{"city":"Oslo"}' } },
      { type: 'conversation.item.create', item: { type: 'function_call_output', call_id: 'c0', output: 'sunny' } },
    ]);
  });

  it('reports the calls of one response as one tool group and answers with one response.create', async () => {
    connection = await model().connect({ tools: contractTools, messages: [] });
    const client = await server.nextConnection();
    await connection.send({ type: 'text', text: 'Weather and time in Oslo?' });
    await client.waitFor(3);
    expect(client.received.slice(1)).toEqual([
      { type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Weather and time in Oslo?' }] } },
      { type: 'response.create' },
    ]);
    client.send(...fixture('tool-calls'));
    const events = await take(connection.events()[Symbol.asyncIterator](), (e) => e.type === 'response-end');
    expect(events).toEqual([
      { type: 'response-start', responseId: 'resp_rt01' },
      { type: 'usage', responseId: 'resp_rt01', usage: { inputTokens: 320, outputTokens: 24, cachedInputTokens: 256 } },
      {
        type: 'tool-group',
        calls: [
          { toolCallId: 'call_rt_weather', toolName: 'weather', toolArgs: '{"city":"Oslo"}' },
          { toolCallId: 'call_rt_time', toolName: 'current_time', toolArgs: '{}' },
        ],
      },
      { type: 'response-end', responseId: 'resp_rt01', stopReason: 'tool-use' },
    ]);
    await connection.sendToolResults([
      { toolCallId: 'call_rt_weather', toolName: 'weather', status: 'success', isError: false, result: { temp: 20 }, modelInput: { type: 'json', value: { temp: 20 } } },
      { toolCallId: 'call_rt_time', toolName: 'current_time', status: 'error', isError: true, result: 'Error: no clock', modelInput: { type: 'text', value: 'Error: no clock' } },
    ]);
    await client.waitFor(6);
    expect(client.received.slice(3)).toEqual([
      { type: 'conversation.item.create', item: { type: 'function_call_output', call_id: 'call_rt_weather', output: '{"temp":20}' } },
      { type: 'conversation.item.create', item: { type: 'function_call_output', call_id: 'call_rt_time', output: 'Error: no clock' } },
      { type: 'response.create' },
    ]);
  });

  it('streams audio and transcripts, reports barge-in and truncates the played audio', async () => {
    connection = await model().connect({ tools: [], messages: [] });
    const client = await server.nextConnection();
    const iterator = connection.events()[Symbol.asyncIterator]();
    client.send(...fixture('audio-response'));
    const events = await take(iterator, (e) => e.type === 'response-end');
    const audio = events.filter((e) => e.type === 'audio');
    expect(audio.map((e) => [...e.data])).toEqual([
      [0, 0, 0xe8, 0x03, 0x18, 0xfc],
      [0xff, 0x7f, 0x00, 0x80, 0x05, 0x00],
    ]);
    expect(audio.every((e) => e.sampleRate === 24_000 && e.responseId === 'resp_rt02')).toBe(true);
    expect(events.filter((e) => e.type === 'transcript')).toEqual([
      { type: 'transcript', role: 'assistant', delta: 'It is sunny', final: false, responseId: 'resp_rt02' },
      { type: 'transcript', role: 'assistant', delta: ' in Oslo.', final: false, responseId: 'resp_rt02' },
      { type: 'transcript', role: 'assistant', delta: '', final: true, responseId: 'resp_rt02' },
    ]);
    expect(events.at(-1)).toEqual({ type: 'response-end', responseId: 'resp_rt02', stopReason: 'complete' });

    client.send((fixture('audio-response') as { type: string }[])[0]!, ...fixture('user-speech'));
    const speech = await take(iterator, (e) => e.type === 'transcript' && e.role === 'user' && e.final);
    expect(speech.slice(1)).toEqual([
      { type: 'barge-in', responseId: 'resp_rt02' },
      { type: 'transcript', role: 'user', delta: 'Stop', final: false },
      { type: 'transcript', role: 'user', delta: ' please.', final: false },
      { type: 'transcript', role: 'user', delta: '', final: true },
    ]);
    await connection.truncate!('resp_rt02', 1234.7);
    await client.waitFor(2);
    expect(client.received[1]).toEqual({ type: 'conversation.item.truncate', item_id: 'item_msg01', content_index: 0, audio_end_ms: 1234 });
  });

  it('sends PCM16 audio as base64 at 24 kHz and rejects other rates', async () => {
    connection = await model().connect({ tools: [], messages: [] });
    const client = await server.nextConnection();
    await connection.send({ type: 'audio', data: new Uint8Array([1, 0, 2, 0]), sampleRate: 24_000 });
    await client.waitFor(2);
    expect(client.received[1]).toEqual({ type: 'input_audio_buffer.append', audio: 'AQACAA==' });
    await expect(connection.send({ type: 'audio', data: new Uint8Array(2), sampleRate: 16_000 })).rejects.toThrow(/24000 Hz/);
  });

  it('reports error events as non-fatal errors, cancelled responses as interrupted, and an expired session as timeout', async () => {
    connection = await model().connect({ tools: [], messages: [] });
    const client = await server.nextConnection();
    const iterator = connection.events()[Symbol.asyncIterator]();
    client.send(...fixture('error-event'), ...fixture('cancelled-response'), ...fixture('session-expired'));
    const events: BidiModelEvent[] = [];
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) events.push(next.value);
    expect(events.map((e) => e.type)).toEqual(['error', 'response-start', 'usage', 'response-end', 'timeout']);
    const error = events[0] as Extract<BidiModelEvent, { type: 'error' }>;
    expect(error.fatal).toBe(false);
    expect(APICallError.isInstance(error.error) && error.error.message).toContain('invalid_value');
    expect(events[3]).toMatchObject({ stopReason: 'interrupted' });
  });

  it('throws a retryable APICallError from events() when the connection drops', async () => {
    connection = await model().connect({ tools: [], messages: [] });
    const client = await server.nextConnection();
    const iterator = connection.events()[Symbol.asyncIterator]();
    client.socket.terminate();
    const error = await iterator.next().catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).isRetryable).toBe(true);
  });

  it('fails to connect with an APICallError for a refused upgrade, without leaking the key', async () => {
    server.reject(401, JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}`, code: 'invalid_api_key' } }));
    const error = await model().connect({ tools: [], messages: [] }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(401);
    expect((error as APICallError).isRetryable).toBe(false);
    expect(JSON.stringify(error) + String(error) + ((error as Error).stack ?? '')).not.toContain(KEY);
    expect((error as Error).message).toContain('[REDACTED]');
  });

  it('ends events() on close(), is idempotent, and rejects sends afterwards', async () => {
    connection = await model().connect({ tools: [], messages: [] });
    const client = await server.nextConnection();
    const iterator = connection.events()[Symbol.asyncIterator]();
    await connection.close();
    await connection.close();
    expect((await iterator.next()).done).toBe(true);
    expect((await client.closed).code).toBe(1000);
    await expect(connection.send({ type: 'text', text: 'late' })).rejects.toThrow(/closed/);
  });

  it('closes the connection when the request signal aborts, and honours an aborted signal before connecting', async () => {
    const controller = new AbortController();
    connection = await model().connect({ tools: [], messages: [], signal: controller.signal });
    const client = await server.nextConnection();
    controller.abort(new Error('done'));
    expect((await client.closed).code).toBe(1000);
    const reason = new Error('early');
    await expect(model().connect({ tools: [], messages: [], signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });
});
