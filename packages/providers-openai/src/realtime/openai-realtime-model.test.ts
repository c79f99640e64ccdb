import { APICallError, InvalidResponseDataError, type BidiConnection, type BidiModelEvent } from '@tandem/core/spec';
import { contractTools, loadJsonFixture } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAI } from '../openai-provider.js';
import type { OpenAIRealtimeOptions } from './openai-realtime-options.js';
import { RealtimeTestServer, type RealtimeTestServerOptions } from './realtime-test-server.test-helper.js';

const dir = new URL('../__fixtures__/realtime/', import.meta.url);
const fixture = (name: string) => loadJsonFixture(dir, name) as { type: string; [key: string]: unknown }[];
const KEY = 'sk-realtime-SECRET-9876';

let server: RealtimeTestServer;
let connection: BidiConnection | undefined;
async function serve(options: RealtimeTestServerOptions = {}): Promise<void> {
  server = await RealtimeTestServer.start(options);
}
beforeEach(async () => {
  await serve();
});
afterEach(async () => {
  await connection?.close();
  connection = undefined;
  await server.close();
});

const model = (options: OpenAIRealtimeOptions = { voice: 'marin' }) =>
  createOpenAI({ apiKey: KEY, baseURL: `${server.url}/v1` }).realtime('gpt-realtime', options);

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

/** What the client sent, without the event ids (checked separately: present on every event, all distinct). */
function wire(received: readonly { type: string; [key: string]: unknown }[]): unknown[] {
  const ids = received.map((event) => event.event_id);
  expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  return received.map(({ event_id: _id, ...rest }) => rest);
}

describe('OpenAI Realtime model: connect and configure', () => {
  it('sends session.update and the history, and resolves only once session.updated acknowledges the session', async () => {
    await server.close();
    await serve({ acknowledge: false });
    const m = model();
    expect(m).toMatchObject({
      specificationVersion: 'v1',
      provider: 'openai.realtime',
      modelId: 'gpt-realtime',
      audio: { inputRate: 24_000, outputRate: 24_000, channels: 1 },
      capabilities: { truncation: true, nativeAsyncTools: false, resumption: false, delivery: ['interrupt', 'when-idle', 'silent'], textInput: true, liveUpdate: true },
    });
    let connected = false;
    const connecting = m
      .connect({
        system: 'Be brief.',
        tools: contractTools,
        messages: [
          { role: 'user', parts: [{ type: 'text', text: 'Weather?' }] },
          { role: 'assistant', parts: [{ type: 'tool-call', toolCallId: 'c0', toolName: 'weather', toolArgs: '{"city":"Oslo"}' }] },
          { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c0', toolName: 'weather', status: 'success', result: 'sunny', modelInput: { type: 'text', value: 'sunny' } }] },
        ],
      })
      .then((c) => {
        connected = true;
        return c;
      });
    const client = await server.nextConnection();
    await client.waitFor(4);
    expect(connected).toBe(false); // not before the server acknowledged the session
    expect(client.request.url).toBe('/v1/realtime?model=gpt-realtime');
    expect(client.request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(wire(client.received)).toEqual([
      {
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
      },
      { type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Weather?' }] } },
      { type: 'conversation.item.create', item: { type: 'function_call', call_id: 'c0', name: 'weather', arguments: '{"city":"Oslo"}' } },
      { type: 'conversation.item.create', item: { type: 'function_call_output', call_id: 'c0', output: 'sunny' } },
    ]);
    client.send({ type: 'session.created', event_id: 'event_1', session: {} }); // not the acknowledgement
    client.send({ type: 'session.updated', event_id: 'event_2', session: { type: 'realtime', audio: { input: { turn_detection: { type: 'server_vad', create_response: true, interrupt_response: true } } } } });
    connection = await connecting;
    expect(connected).toBe(true);
  });

  it('sends the documented turn detection, voice and transcription parameters', async () => {
    connection = await model({
      voice: 'cedar',
      transcriptionModel: 'gpt-4o-transcribe',
      turnDetection: { type: 'server_vad', threshold: 0.7, prefixPaddingMs: 200, silenceDurationMs: 350, idleTimeoutMs: 6000, createResponse: false, interruptResponse: false },
    }).connect({ tools: [], messages: [] });
    const semantic = await model({ turnDetection: { type: 'semantic_vad', eagerness: 'high', interruptResponse: true }, transcriptionModel: null }).connect({ tools: [], messages: [] });
    const off = await model({ turnDetection: null }).connect({ tools: [], messages: [] });
    const [a, b, c] = server.connections.map((client) => (client.received[0]?.session as { audio: { input: object; output: object } }).audio);
    expect(a).toEqual({
      input: {
        format: { type: 'audio/pcm', rate: 24_000 },
        turn_detection: { type: 'server_vad', threshold: 0.7, prefix_padding_ms: 200, silence_duration_ms: 350, idle_timeout_ms: 6000, create_response: false, interrupt_response: false },
        transcription: { model: 'gpt-4o-transcribe' },
      },
      output: { format: { type: 'audio/pcm', rate: 24_000 }, voice: 'cedar' },
    });
    expect(b?.input).toEqual({ format: { type: 'audio/pcm', rate: 24_000 }, turn_detection: { type: 'semantic_vad', eagerness: 'high', interrupt_response: true }, transcription: null });
    expect(c?.input).toMatchObject({ turn_detection: null });
    await semantic.close();
    await off.close();
  });

  it('rejects invalid options when the model is made, saying what to pass', () => {
    const openai = createOpenAI({ apiKey: KEY });
    expect(() => openai.realtime('gpt-realtime', { turnDetection: { type: 'server_vad', threshold: 2 } })).toThrow(/threshold must be between 0 and 1/);
    expect(() => openai.realtime('gpt-realtime', { turnDetection: { type: 'semantic_vad', eagerness: 'eager' as 'low' } })).toThrow(RangeError);
    expect(() => openai.realtime('gpt-realtime', { turnDetection: { type: 'vad' } as never })).toThrow(/'server-vad', 'semantic' or 'manual'/);
    expect(() => openai.realtime('gpt-realtime', { turnDetection: { type: 'server_vad', silenceDurationMs: -1 } })).toThrow(/silenceDurationMs/);
    expect(() => openai.realtime('gpt-realtime', { sessionTimeoutMs: 0 })).toThrow(/sessionTimeoutMs/);
  });

  it('fails to connect when the server refuses the session, does not acknowledge it in time, or the signal aborts', async () => {
    await server.close();
    await serve({ acknowledge: false });
    const refused = model().connect({ tools: [], messages: [] });
    const client = await server.nextConnection();
    await client.waitFor(1);
    client.send({ type: 'error', event_id: 'event_9', error: { type: 'invalid_request_error', code: 'invalid_value', message: `Invalid voice for key ${KEY}`, param: 'session.audio.output.voice', event_id: client.received[0]?.event_id } });
    const error = await refused.catch((e: unknown) => e);
    expect(APICallError.isInstance(error) && [error.isRetryable, error.message.includes('refused the session configuration')]).toEqual([false, true]);
    expect(String((error as Error).message)).not.toContain(KEY);
    expect((await client.closed).code).toBe(1000);

    const slow = await model({ sessionTimeoutMs: 30 })
      .connect({ tools: [], messages: [] })
      .catch((e: unknown) => e);
    expect(APICallError.isInstance(slow) && slow.isRetryable && slow.message).toMatch(/did not set up the session within 30 ms/);

    const controller = new AbortController();
    const aborted = model().connect({ tools: [], messages: [], signal: controller.signal });
    await (await server.connectionAt(2)).waitFor(1);
    const reason = new Error('user left');
    controller.abort(reason);
    await expect(aborted).rejects.toBe(reason);
    await expect(model().connect({ tools: [], messages: [], signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });

  it('is openai.bidi too, so a registered provider resolves "openai:gpt-realtime"', async () => {
    const { registerProvider, resolveBidiModel } = await import('@tandem/core');
    const openai = createOpenAI({ apiKey: KEY, baseURL: `${server.url}/v1` });
    const unregister = registerProvider('openai-rt-test', openai);
    try {
      const resolved = resolveBidiModel('openai-rt-test:gpt-realtime-mini');
      expect(resolved).toMatchObject({ provider: 'openai.realtime', modelId: 'gpt-realtime-mini', capabilities: { truncation: true } });
    } finally {
      unregister();
    }
  });
});

describe('OpenAI Realtime model: events (documented fixtures)', () => {
  it('reports the calls of one response as one tool group; results go in call order, then exactly one response.create', async () => {
    connection = await model().connect({ tools: contractTools, messages: [] });
    const client = await server.nextConnection();
    await connection.send({ type: 'text', text: 'Weather and time in Oslo?' });
    await client.waitFor(3);
    expect(wire(client.received).slice(1)).toEqual([
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
    expect(wire(client.received).slice(3)).toEqual([
      { type: 'conversation.item.create', item: { type: 'function_call_output', call_id: 'call_rt_weather', output: '{"temp":20}' } },
      { type: 'conversation.item.create', item: { type: 'function_call_output', call_id: 'call_rt_time', output: 'Error: no clock' } },
      { type: 'response.create' },
    ]);
  });

  it('streams audio and transcripts, takes speech after the response ended as a new turn, and truncates an item at the played position', async () => {
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

    // The response has ended: the user speaking now is a new turn, not a barge-in.
    client.send(...fixture('user-speech'));
    const speech = await take(iterator, (e) => e.type === 'transcript' && e.role === 'user' && e.final);
    expect(speech).toEqual([
      { type: 'transcript', role: 'user', delta: 'Stop', final: false },
      { type: 'transcript', role: 'user', delta: ' please.', final: false },
      { type: 'transcript', role: 'user', delta: '', final: true },
    ]);
    // 6 samples at 24 kHz = 0.25 ms of audio: a played position past it means it was heard in full.
    await connection.truncate!('resp_rt02', 0.2);
    await connection.truncate!('resp_rt02', 0); // nothing played: skipped
    await connection.truncate!('resp_rt02', 1234); // heard in full: nothing to forget
    await connection.truncate!('resp_unknown', 50);
    await connection.send({ type: 'text', text: 'marker' });
    await client.waitUntil((all) => all.some((e) => e.type === 'conversation.item.create'));
    expect(wire(client.received).filter((e) => (e as { type: string }).type === 'conversation.item.truncate')).toEqual([
      { type: 'conversation.item.truncate', item_id: 'item_msg01', content_index: 0, audio_end_ms: 0 },
    ]);
  });

  it('truncates the audio part actually playing, with its real content_index, clamped to the audio sent', async () => {
    connection = await model().connect({ tools: [], messages: [] });
    const client = await server.nextConnection();
    const iterator = connection.events()[Symbol.asyncIterator]();
    const ms20 = Buffer.alloc(960).toString('base64'); // 20 ms at 24 kHz
    const delta = (item: string, contentIndex: number) => ({ type: 'response.output_audio.delta', event_id: 'e', response_id: 'resp_t', item_id: item, output_index: 0, content_index: contentIndex, delta: ms20 });
    client.send(
      { type: 'response.created', event_id: 'e0', response: { object: 'realtime.response', id: 'resp_t', status: 'in_progress', output: [] } },
      delta('item_a', 1),
      delta('item_a', 1),
      delta('item_b', 0),
      delta('item_b', 0),
      delta('item_b', 0),
    );
    let chunks = 0;
    await take(iterator, (e) => e.type === 'audio' && ++chunks === 5);
    await connection.truncate!('resp_t', 55.9); // 40 ms of item_a heard, then 15.9 ms of item_b
    await client.waitUntil((all) => all.filter((e) => e.type === 'conversation.item.truncate').length === 1);
    expect(wire(client.received).filter((e) => (e as { type: string }).type === 'conversation.item.truncate')).toEqual([
      { type: 'conversation.item.truncate', item_id: 'item_b', content_index: 0, audio_end_ms: 15 },
    ]);
    await connection.truncate!('resp_t', 10);
    await client.waitUntil((all) => all.filter((e) => e.type === 'conversation.item.truncate').length === 3);
    expect(wire(client.received).filter((e) => (e as { type: string }).type === 'conversation.item.truncate').slice(1)).toEqual([
      { type: 'conversation.item.truncate', item_id: 'item_a', content_index: 1, audio_end_ms: 10 },
      { type: 'conversation.item.truncate', item_id: 'item_b', content_index: 0, audio_end_ms: 0 },
    ]);
  });

  it('sends PCM16 audio as base64 at 24 kHz and rejects other rates', async () => {
    connection = await model().connect({ tools: [], messages: [] });
    const client = await server.nextConnection();
    await connection.send({ type: 'audio', data: new Uint8Array([1, 0, 2, 0]), sampleRate: 24_000 });
    await client.waitFor(2);
    expect(wire(client.received)[1]).toEqual({ type: 'input_audio_buffer.append', audio: 'AQACAA==' });
    await expect(connection.send({ type: 'audio', data: new Uint8Array(2), sampleRate: 16_000 })).rejects.toThrow(/24000 Hz/);
  });

  it('reports error events, failed transcriptions, malformed and unknown messages as non-fatal errors; the session goes on', async () => {
    connection = await model().connect({ tools: [], messages: [] });
    const client = await server.nextConnection();
    const iterator = connection.events()[Symbol.asyncIterator]();
    client.socket.send('this is not json');
    client.send(
      { type: 'response.output_audio.delta', event_id: 'e1', response_id: 42 }, // malformed: fields missing, wrong type
      { type: 'response.teleport', event_id: 'e2' }, // not a documented event
      { type: 'rate_limits.updated', event_id: 'e3', rate_limits: [] }, // documented, not needed: ignored
      { type: 'conversation.item.input_audio_transcription.delta', event_id: 'e4', item_id: 'item_u', content_index: 0, delta: 'Hel' },
      { type: 'conversation.item.input_audio_transcription.failed', event_id: 'e5', item_id: 'item_u', content_index: 0, error: { type: 'transcription_error', code: 'audio_unintelligible', message: 'Audio could not be transcribed.', param: null } },
      ...fixture('error-event'),
      ...fixture('cancelled-response'),
    );
    const events = await take(iterator, (e) => e.type === 'response-end');
    expect(events.map((e) => e.type)).toEqual(['error', 'error', 'error', 'transcript', 'transcript', 'error', 'error', 'response-start', 'usage', 'response-end']);
    const errors = events.filter((e): e is Extract<BidiModelEvent, { type: 'error' }> => e.type === 'error');
    expect(errors.every((e) => !e.fatal)).toBe(true);
    expect(InvalidResponseDataError.isInstance(errors[0]?.error) && errors[0].error.message).toMatch(/not JSON/);
    expect(InvalidResponseDataError.isInstance(errors[1]?.error) && errors[1].error.message).toMatch(/documented format/);
    expect(InvalidResponseDataError.isInstance(errors[2]?.error) && errors[2].error.message).toMatch(/unknown type "response.teleport"/);
    expect(events[4]).toEqual({ type: 'transcript', role: 'user', delta: '', final: true }); // the partial transcript is closed
    expect(APICallError.isInstance(errors[3]?.error) && errors[3].error.message).toMatch(/could not transcribe .*audio_unintelligible/);
    expect(APICallError.isInstance(errors[4]?.error) && errors[4].error.message).toContain('invalid_value');
    expect(events.at(-1)).toMatchObject({ stopReason: 'interrupted' });
    await connection.send({ type: 'text', text: 'still there?' });
    await client.waitUntil((all) => all.some((e) => e.type === 'response.create'));
  });

  it('reports an expired session as timeout and ends the stream; a dropped socket throws a retryable APICallError', async () => {
    connection = await model().connect({ tools: [], messages: [] });
    const client = await server.nextConnection();
    const iterator = connection.events()[Symbol.asyncIterator]();
    client.send(...fixture('session-expired'));
    const events: BidiModelEvent[] = [];
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) events.push(next.value);
    expect(events).toEqual([{ type: 'timeout' }]);

    const second = await model().connect({ tools: [], messages: [] });
    const dropped = second.events()[Symbol.asyncIterator]();
    (await server.connectionAt(1)).socket.terminate();
    const error = await dropped.next().catch((e: unknown) => e);
    expect(APICallError.isInstance(error) && error.isRetryable).toBe(true);
    await second.close();
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

  it('ends events() on close(), is idempotent, rejects sends afterwards, and closes when the request signal aborts', async () => {
    connection = await model().connect({ tools: [], messages: [] });
    const client = await server.nextConnection();
    const iterator = connection.events()[Symbol.asyncIterator]();
    await connection.close();
    await connection.close();
    expect((await iterator.next()).done).toBe(true);
    expect((await client.closed).code).toBe(1000);
    await expect(connection.send({ type: 'text', text: 'late' })).rejects.toThrow(/closed/);

    const controller = new AbortController();
    const other = await model().connect({ tools: [], messages: [], signal: controller.signal });
    controller.abort(new Error('done'));
    expect((await (await server.connectionAt(1)).closed).code).toBe(1000);
    await other.close();
  });
});
