// Delivery modes, context notes and turn-taking on the wire, against the simulated Realtime server.
import type { ToolResult } from '@tandem/core/spec';
import { afterEach, describe, expect, it } from 'vitest';
import { sent, simulatedSession, wireTypes } from './realtime-session.test-helper.js';

let session: Awaited<ReturnType<typeof simulatedSession>> | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

const result = (toolCallId: string, value: string): ToolResult => ({ toolCallId, toolName: 't', status: 'success', isError: false, result: value, modelInput: { type: 'text', value } });

/** Gate: the connection has read the server's speech_started (a transcription delta right after it came out). */
async function heard(s: Awaited<ReturnType<typeof simulatedSession>>, itemId: string): Promise<void> {
  s.simulator.emit({ type: 'conversation.item.input_audio_transcription.delta', item_id: itemId, content_index: 0, delta: '…' });
  await s.until(() => s.events.some((e) => e.type === 'transcript' && e.role === 'user' && e.delta === '…'));
}

/** A session whose first response (asked for by a typed turn) is held active until the test ends it. */
async function withActiveResponse() {
  let count = 0;
  session = await simulatedSession(() => (++count === 1 ? { text: 'Let me talk a while.', hold: true } : { text: 'Got it.' }));
  const s = session;
  await s.connection.send({ type: 'text', text: 'Tell me a story.' });
  await s.until(() => s.events.some((e) => e.type === 'response-start'));
  s.client.received.length = 0; // from here on: what the delivery sends
  return s;
}

describe('OpenAI Realtime delivery modes', () => {
  it('interrupt: response.cancel of the active response, the outputs, then one response.create once it is done', async () => {
    const s = await withActiveResponse();
    await s.connection.sendToolResults([result('c1', 'one'), result('c2', 'two')], { delivery: 'interrupt' });
    await s.until(() => s.events.filter((e) => e.type === 'response-end').length === 2);
    expect(wireTypes(s.client)).toEqual(['response.cancel', 'conversation.item.create', 'conversation.item.create', 'response.create']);
    expect(s.events.filter((e) => e.type === 'response-end').map((e) => e.type === 'response-end' && e.stopReason)).toEqual(['interrupted', 'complete']);
    expect(s.simulator.errors).toEqual([]); // never a response.create while a response was active
  });

  it('when-idle: the outputs at once, one response.create only after the active response has ended', async () => {
    const s = await withActiveResponse();
    await s.connection.sendToolResults([result('c1', 'one')], { delivery: 'when-idle' });
    await s.client.waitUntil((all) => all.some((e) => e.type === 'conversation.item.create'));
    expect(wireTypes(s.client)).toEqual(['conversation.item.create']);
    s.simulator.finishResponse();
    await s.until(() => s.events.filter((e) => e.type === 'response-end').length === 2);
    expect(wireTypes(s.client)).toEqual(['conversation.item.create', 'response.create']);
    expect(s.simulator.errors).toEqual([]);
  });

  it('when-idle while the user speaks (server VAD): the adapter asks for the answer itself after speech_stopped', async () => {
    session = await simulatedSession(() => ({ text: 'Your timer is set.' }), { turnDetection: { type: 'server-vad' } });
    const s = session;
    const speech = s.simulator.speechStarts();
    await heard(s, speech);
    await s.connection.sendToolResults([result('c1', 'timer set')]); // default: when-idle
    await s.client.waitUntil((all) => all.some((e) => e.type === 'conversation.item.create'));
    expect(sent(s.client, 'response.create')).toHaveLength(0); // the user is still speaking
    // Only speech_stopped: the server's own response is not relied on.
    s.simulator.emit({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 2000, item_id: speech });
    await s.until(() => s.events.some((e) => e.type === 'response-end'));
    expect(wireTypes(s.client)).toEqual(['conversation.item.create', 'response.create']);
    expect(s.events.some((e) => e.type === 'barge-in')).toBe(false);
  });

  it('silent: the outputs only, no response.create, also after the active response ended', async () => {
    const s = await withActiveResponse();
    await s.connection.sendToolResults([result('c1', 'noted')], { delivery: 'silent' });
    s.simulator.finishResponse();
    await s.until(() => s.events.some((e) => e.type === 'response-end'));
    await s.connection.send({ type: 'image', mediaType: 'image/png', data: new Uint8Array([1]) }); // a marker after the end
    await s.client.waitUntil((all) => all.length === 2);
    expect(wireTypes(s.client)).toEqual(['conversation.item.create', 'conversation.item.create']);
    expect(s.simulator.items.filter((item) => item.type === 'function_call_output')).toHaveLength(1);
  });

  it('a context note is a system item, answered as its delivery says', async () => {
    session = await simulatedSession(() => ({ text: 'Shall I delete the note?' }));
    const s = session;
    await s.connection.send({ type: 'context', text: 'Ask the user to approve delete_note.', delivery: 'silent' });
    await s.connection.send({ type: 'context', text: 'Ask now.', delivery: 'interrupt' });
    await s.until(() => s.events.some((e) => e.type === 'response-end'));
    const items = sent(s.client, 'conversation.item.create').map((e) => e.item);
    expect(items).toEqual([
      { type: 'message', role: 'system', content: [{ type: 'input_text', text: 'Ask the user to approve delete_note.' }] },
      { type: 'message', role: 'system', content: [{ type: 'input_text', text: 'Ask now.' }] },
    ]);
    expect(wireTypes(s.client)).toEqual(['conversation.item.create', 'conversation.item.create', 'response.create']);
  });
});

describe('OpenAI Realtime turn-taking', () => {
  it('speech after the last response ended is no barge-in: no event, no response.cancel', async () => {
    session = await simulatedSession(() => ({ text: 'Hello.' }), { turnDetection: { type: 'server-vad', interruptResponse: false } });
    const s = session;
    await s.connection.send({ type: 'text', text: 'Hi' });
    await s.until(() => s.events.some((e) => e.type === 'response-end'));
    const speech = s.simulator.speechStarts();
    s.simulator.speechStops(speech, 'And the weather?');
    await s.until(() => s.events.some((e) => e.type === 'transcript' && e.role === 'user' && e.final));
    expect(s.events.some((e) => e.type === 'barge-in')).toBe(false);
    expect(sent(s.client, 'response.cancel')).toHaveLength(0);
  });

  it('speech over an active response is a barge-in naming it, cancelled by the adapter when the server does not', async () => {
    session = await simulatedSession(() => ({ text: 'A long answer.', hold: true }), { turnDetection: { type: 'server-vad', interruptResponse: false } });
    const s = session;
    await s.connection.send({ type: 'text', text: 'Hi' });
    await s.until(() => s.events.some((e) => e.type === 'audio'));
    s.simulator.speechStarts();
    await s.until(() => s.events.some((e) => e.type === 'response-end'));
    const responseId = s.events.find((e) => e.type === 'response-start')!;
    expect(s.events.filter((e) => e.type === 'barge-in')).toEqual([{ type: 'barge-in', responseId: responseId.type === 'response-start' && responseId.responseId }]);
    expect(sent(s.client, 'response.cancel')).toHaveLength(1);
  });

  it('an input that ends while the user speaks commits the audio buffer and the turn is answered', async () => {
    session = await simulatedSession(() => ({ text: 'I heard you.' }));
    const s = session;
    await s.connection.send({ type: 'audio', data: new Uint8Array(960), sampleRate: 24_000 });
    await s.client.waitUntil((all) => all.some((e) => e.type === 'input_audio_buffer.append'));
    await heard(s, s.simulator.speechStarts()); // …and the microphone goes off before speech_stopped
    await s.connection.send({ type: 'audio', data: new Uint8Array(0), sampleRate: 24_000 }); // the input ended
    await s.until(() => s.events.some((e) => e.type === 'response-end'));
    expect(wireTypes(s.client)).toEqual(['input_audio_buffer.append', 'input_audio_buffer.commit', 'response.create']);
    expect(s.events.some((e) => e.type === 'transcript' && e.role === 'user' && e.final)).toBe(true);
  });

  it('an input that ends when nobody speaks sends nothing', async () => {
    session = await simulatedSession(() => ({ text: 'unused' }));
    const s = session;
    await s.connection.send({ type: 'audio', data: new Uint8Array(960), sampleRate: 24_000 });
    await s.connection.send({ type: 'audio', data: new Uint8Array(0), sampleRate: 24_000 });
    await s.connection.send({ type: 'image', mediaType: 'image/png', data: new Uint8Array([1]) }); // marker
    await s.client.waitUntil((all) => all.some((e) => e.type === 'conversation.item.create'));
    expect(wireTypes(s.client)).toEqual(['input_audio_buffer.append', 'conversation.item.create']);
  });
});
