// A realtime connection against a loopback server that plays the server side of the session (one response
// at a time, refusals with conversation_already_has_active_response, response.cancel, truncation checks).
import type { BidiConnection, BidiModelEvent, ToolResult } from '@tandem/core/spec';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAI } from '../openai-provider.js';
import type { OpenAIRealtimeOptions } from './openai-realtime-options.js';
import type { Responder, ResponsePlan } from './realtime-simulator.test-helper.js';
import { RealtimeTestServer, type RealtimeTestConnection } from './realtime-test-server.test-helper.js';

let server: RealtimeTestServer | undefined;
let connection: BidiConnection | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
  await server?.close();
  server = undefined;
});

/** Connects to a simulated session; `events` collects everything the connection yields. */
async function session(responder: Responder, options: OpenAIRealtimeOptions = {}) {
  server = await RealtimeTestServer.start({ responder });
  connection = await createOpenAI({ apiKey: 'sk-rt-session-0000', baseURL: `${server.url}/v1` }).realtime('gpt-realtime', options).connect({ tools: [], messages: [] });
  const client = await server.nextConnection();
  const events: BidiModelEvent[] = [];
  const waiters: { predicate: () => boolean; resolve: () => void }[] = [];
  void (async () => {
    for await (const event of connection.events()) {
      events.push(event);
      for (const waiter of waiters.filter((w) => w.predicate())) waiter.resolve();
    }
  })();
  const until = (predicate: () => boolean): Promise<void> =>
    predicate() ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ predicate, resolve }));
  return { connection, client, simulator: client.simulator!, events, until };
}

const sent = (client: RealtimeTestConnection, type: string) => client.received.filter((event) => event.type === type);
const result = (toolCallId: string, value: string): ToolResult => ({ toolCallId, toolName: 't', status: 'success', isError: false, result: value, modelInput: { type: 'text', value } });
const lastItem = (items: readonly { type: string; [key: string]: unknown }[]) => items.at(-1);

describe('OpenAI Realtime session against a simulated server', () => {
  it('a spoken turn: audio in, the user transcript, then the answer as audio and transcript', async () => {
    const { connection, client, simulator, events, until } = await session(() => ({ text: 'It is noon.', audioChunks: 3 }));
    for (let i = 0; i < 3; i++) await connection.send({ type: 'audio', data: new Uint8Array(960), sampleRate: 24_000 });
    await client.waitUntil((all) => sent(client, 'input_audio_buffer.append').length === 3 && all.length > 0);
    simulator.userSpeaks('What time is it?');
    await until(() => events.some((e) => e.type === 'response-end'));
    // No response was active: the user's speech is a turn, not a barge-in (no barge-in event, no `clear`).
    expect(events.map((e) => e.type)).toEqual(['transcript', 'transcript', 'response-start', 'audio', 'audio', 'audio', 'transcript', 'transcript', 'usage', 'response-end']);
    expect(events.filter((e) => e.type === 'transcript').map((e) => [e.role, e.delta, e.final])).toEqual([
      ['user', 'What time is it?', false],
      ['user', '', true],
      ['assistant', 'It is noon.', false],
      ['assistant', '', true],
    ]);
    expect(events.filter((e) => e.type === 'audio').every((e) => e.data.byteLength === 960 && e.sampleRate === 24_000)).toBe(true);
    expect(sent(client, 'response.create')).toHaveLength(0); // the server answered by itself (server VAD)
    expect(sent(client, 'response.cancel')).toHaveLength(0);
  });

  it('two overlapping groups: each group’s outputs then one response.create; one waits while the other’s answer plays', async () => {
    const responder: Responder = ({ items }) => {
      const last = lastItem(items);
      if (last?.type === 'function_call_output') return { text: `Result ${String(last.call_id)}.`, hold: true };
      const text = JSON.stringify(last?.content ?? '');
      return text.includes('slow') ? { calls: [{ name: 't', arguments: '{}', callId: 'slow' }] } : { calls: [{ name: 't', arguments: '{}', callId: 'fast' }] };
    };
    const { connection, client, simulator, events, until } = await session(responder);
    await connection.send({ type: 'text', text: 'the slow one' });
    await until(() => events.filter((e) => e.type === 'response-end').length === 1);
    await connection.send({ type: 'text', text: 'the fast one' });
    await until(() => events.filter((e) => e.type === 'response-end').length === 2);
    expect(events.filter((e) => e.type === 'tool-group').map((e) => e.type === 'tool-group' && e.calls[0]?.toolCallId)).toEqual(['slow', 'fast']);

    await connection.sendToolResults([result('fast', 'quick')]); // answered by a response that is still talking
    await until(() => events.filter((e) => e.type === 'response-start').length === 3);
    await connection.sendToolResults([result('slow', 'finally')]); // its response.create has to wait
    await client.waitUntil(() => sent(client, 'conversation.item.create').filter((e) => (e.item as { call_id?: string }).call_id === 'slow').length === 1);
    expect(sent(client, 'response.create')).toHaveLength(3);
    simulator.finishResponse();
    await until(() => events.filter((e) => e.type === 'response-start').length === 4);
    simulator.finishResponse();
    await until(() => events.filter((e) => e.type === 'response-end').length === 4);

    const types = client.received.map((e) => (e.type === 'conversation.item.create' ? `item:${String((e.item as { call_id?: string }).call_id ?? 'user')}` : e.type));
    expect(types.slice(1)).toEqual(['item:user', 'response.create', 'item:user', 'response.create', 'item:fast', 'response.create', 'item:slow', 'response.create']);
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    expect(simulator.errors).toEqual([]);
    expect(events.filter((e) => e.type === 'transcript' && e.role === 'assistant' && !e.final).map((e) => e.type === 'transcript' && e.delta)).toEqual(['Result fast.', 'Result slow.']);
  });

  it('the sequencer: the server starts a response just before ours arrives — ours is refused, re-sent after response.done, answered; no error', async () => {
    const { connection, client, simulator, events, until } = await session(() => ({ text: 'Here is your answer.' }));
    // As voice activity detection would: the server starts its own response between our item and our response.create.
    client.socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as { type: string };
      if (event.type === 'conversation.item.create' && !simulator.responseActive) simulator.serverResponse({ text: 'Mm-hm.', hold: true });
    });
    await connection.send({ type: 'text', text: 'What did I ask?' });
    await client.waitUntil(() => sent(client, 'response.create').length === 1);
    await until(() => events.some((e) => e.type === 'response-start'));
    simulator.finishResponse(); // the server's own response ends …
    await until(() => events.filter((e) => e.type === 'response-end').length === 2); // … and ours follows
    const creates = sent(client, 'response.create');
    expect(creates).toHaveLength(2);
    expect(creates[0]?.event_id).not.toBe(creates[1]?.event_id);
    expect(simulator.errors).toEqual(['conversation_already_has_active_response']); // the first one was refused
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    expect(events.filter((e) => e.type === 'transcript' && !e.final).map((e) => e.type === 'transcript' && e.delta)).toEqual(['Mm-hm.', 'Here is your answer.']);
  });

  it('barge-in: with interruptResponse false the client cancels the active response itself, then truncates what was played', async () => {
    const { connection, client, simulator, events, until } = await session(() => ({ text: 'A very long story.', audioChunks: 10, hold: true }), {
      turnDetection: { type: 'server_vad', interruptResponse: false, createResponse: false },
    });
    await connection.send({ type: 'text', text: 'Tell me a story.' });
    await until(() => events.filter((e) => e.type === 'audio').length === 10);
    const start = events.find((e) => e.type === 'response-start');
    const responseId = start?.type === 'response-start' ? start.responseId : '';
    simulator.userSpeaks('Stop!');
    await until(() => events.some((e) => e.type === 'response-end'));
    expect(events.find((e) => e.type === 'barge-in')).toEqual({ type: 'barge-in', responseId });
    expect(sent(client, 'response.cancel')).toEqual([{ type: 'response.cancel', response_id: responseId, event_id: expect.any(String) }]);
    expect(events.find((e) => e.type === 'response-end')).toMatchObject({ responseId, stopReason: 'interrupted' });
    await connection.truncate!(responseId, 87.5); // the app reports 87.5 ms played
    await client.waitUntil(() => sent(client, 'conversation.item.truncate').length === 1);
    expect(sent(client, 'conversation.item.truncate')[0]).toMatchObject({ content_index: 0, audio_end_ms: 87 });
    // createResponse false: the committed user turn is answered through the sequencer.
    await until(() => events.filter((e) => e.type === 'response-start').length === 2);
    expect(sent(client, 'response.create')).toHaveLength(2);
    expect(simulator.errors).toEqual([]); // the simulated server accepted every event
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
  });

  it('barge-in with the server interrupting by itself (the default): no response.cancel from the client', async () => {
    const plan: ResponsePlan = { text: 'Blah blah.', audioChunks: 4, hold: true };
    const { connection, client, simulator, events, until } = await session(() => plan);
    await connection.send({ type: 'text', text: 'Talk.' });
    await until(() => events.filter((e) => e.type === 'audio').length === 4);
    simulator.userSpeaks('Enough.');
    await until(() => events.some((e) => e.type === 'response-end'));
    expect(events.find((e) => e.type === 'response-end')).toMatchObject({ stopReason: 'interrupted' });
    await connection.send({ type: 'text', text: 'marker' });
    await client.waitUntil(() => sent(client, 'conversation.item.create').length === 2);
    expect(sent(client, 'response.cancel')).toEqual([]);
  });
});
