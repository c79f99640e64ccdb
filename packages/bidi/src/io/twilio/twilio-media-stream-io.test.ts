import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

import { sleep, type FunctionTool } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from '../../bidi-agent.js';
import type { BidiAgentOptions } from '../../bidi-agent-options.js';
import type { BidiEvent } from '../../bidi-event.js';
import type { BidiRunResult } from '../../bidi-run-options.js';
import { WebSocket, WebSocketServer } from 'ws';
import { spokenMulaw } from '../../__fixtures__/spoken-mulaw.js';
import { TwilioLoopbackCall } from '../../testing/twilio-loopback-call.js';
import { mulawToInt16 } from '../../pcm/mulaw.js';
import { pcm16ToInt16 } from '../../pcm/pcm16-samples.js';
import { twilioMediaStreamIO, type TwilioMediaStreamIOOptions } from './twilio-media-stream-io.js';
import type { TwilioStreamStart } from './twilio-messages.js';

const servers: WebSocketServer[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          for (const client of server.clients) client.terminate();
          server.close(() => resolve());
        }),
    ),
  );
});

/** Milliseconds of media the server sent before the mark `name` (8 μ-law bytes a millisecond). */
function msBeforeMark(call: TwilioLoopbackCall, name: string): number {
  let bytes = 0;
  for (const message of call.received) {
    if (message.event === 'media') bytes += Buffer.from(message.media.payload, 'base64').length;
    if (message.event === 'mark' && message.mark.name === name) return bytes / 8;
  }
  throw new Error(`no mark ${name}`);
}

const count = (call: TwilioLoopbackCall, event: 'media' | 'mark'): number => call.received.filter((m) => m.event === event).length;

const turns = { maxTurns: 500_000 };

/** A phone server on loopback: each Media Stream connection gets its own BidiAgent over `twilioMediaStreamIO`. */
async function phoneServer(
  model: ScriptedBidiModel,
  options: { agent?: Omit<BidiAgentOptions, 'model'>; io?: TwilioMediaStreamIOOptions } = {},
): Promise<{ url: string; events: BidiEvent[]; result: Promise<BidiRunResult> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const events: BidiEvent[] = [];
  const result = new Promise<BidiRunResult>((resolve, reject) => {
    server.once('connection', (socket) => {
      const io = twilioMediaStreamIO(socket, options.io);
      const agent = new BidiAgent({ model, ...options.agent });
      agent.run({ inputs: [io], outputs: [io, { write: (event) => void events.push(event) }] }).then(resolve, reject);
    });
  });
  return { url: `ws://127.0.0.1:${String((server.address() as AddressInfo).port)}/media`, events, result };
}

/** A tool that waits on `clock` and reports whether it was cancelled. */
function timerTool(clock: ManualClock): FunctionTool<{ seconds: number }> {
  return {
    kind: 'function',
    name: 'set_timer',
    spec: { description: 'Start a timer.', params: { type: 'object', properties: { seconds: { type: 'number' } }, required: ['seconds'] } },
    async execute({ seconds }, ctx) {
      await sleep(seconds * 1000, ctx.signal, clock);
      return `Your ${String(seconds)}-second timer has finished.`;
    },
  };
}

describe('twilioMediaStreamIO against a loopback Twilio Media Stream', () => {
  it('passes start to onStart (custom parameters included) and the caller speech to the model as PCM16', async () => {
    const model = new ScriptedBidiModel();
    const starts: TwilioStreamStart[] = [];
    const { url } = await phoneServer(model, { io: { onStart: (start) => void starts.push(start) } });
    const call = await TwilioLoopbackCall.dial(url, { WebSocket, clock: new ManualClock(), customParameters: { from: '+15550100', language: 'en' } });
    const speech = spokenMulaw('Set a timer for five seconds.');
    call.sendAudio(speech);
    const expectedSamples = speech.length;
    const audioSamples = (): number => model.inputs.reduce((n, input) => n + (input.type === 'audio' ? input.data.byteLength / 2 : 0), 0);
    // The agent resamples 8 kHz to the model's 16 kHz: twice the samples (give or take the resampler's delay).
    await model.until(() => audioSamples() >= expectedSamples * 2 - 64, turns);

    expect(starts).toEqual([
      {
        streamSid: call.streamSid,
        accountSid: 'AC00000000000000000000000000000001',
        callSid: 'CA00000000000000000000000000000001',
        tracks: ['inbound'],
        customParameters: { from: '+15550100', language: 'en' },
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
    ]);
    const audio = model.inputs.filter((input) => input.type === 'audio');
    expect(audio.every((input) => input.sampleRate === 16_000)).toBe(true);
    // It is the speech, not silence: the decoded signal carries real energy.
    const samples = audio.flatMap((input) => Array.from(pcm16ToInt16(input.data)));
    const rms = Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);
    expect(rms).toBeGreaterThan(300);
    call.hangUp();
  });

  it('sends assistant audio as 8 kHz μ-law media, a mark after each chunk, echoed only after the audio played', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({
      onInput: (input) => (input.type === 'text' ? bidiResponseEvents('Hello there.', { responseId: 'r1', audioChunks: 5, chunkMs: 20 }) : undefined),
    });
    const { url, events, result } = await phoneServer(model);
    const call = await TwilioLoopbackCall.dial(url, { WebSocket, clock });
    call.pressKey('1'); // a typed turn starts the response
    await model.until(() => events.some((e) => e.type === 'response-complete'), turns);
    await model.until(() => call.audio.length === 800 && count(call, 'mark') === count(call, 'media'), turns);

    // 5 × 20 ms at 24 kHz → 100 ms at 8 kHz: 800 μ-law bytes in all, each media message followed by its mark.
    expect(call.audio.length).toBe(800);
    const kinds = call.received.map((m) => m.event);
    expect(kinds[0]).toBe('media');
    for (let i = 0; i < kinds.length; i++) if (kinds[i] === 'media') expect(kinds[i + 1]).toBe('mark');
    expect(Array.from(mulawToInt16(call.audio)).every((s) => Math.abs(s) < 64)).toBe(true); // the model sent silence

    expect(call.echoed).toEqual([]); // nothing played yet: the caller's clock has not moved
    await clock.advance(50);
    const early = call.echoed.length;
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(call.received.filter((m) => m.event === 'mark').length);
    await clock.advance(100);
    expect(call.echoed.every((mark) => !mark.cleared)).toBe(true);
    expect(call.echoed).toHaveLength(call.received.filter((m) => m.event === 'mark').length);
    call.hangUp();
    expect((await result).reason ?? 'client-disconnect').toBe('client-disconnect');
  });

  it('on barge-in sends clear and truncates at the last mark echoed before it, not at the cleared ones', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({
      onInput: (input) => (input.type === 'text' ? bidiResponseEvents('A long answer.', { responseId: 'r1', audioChunks: 10, chunkMs: 20, open: true }) : undefined),
    });
    const { url, events } = await phoneServer(model);
    const call = await TwilioLoopbackCall.dial(url, { WebSocket, clock });
    call.pressKey('2');
    await model.until(() => call.received.filter((m) => m.event === 'media').length >= 10, turns);
    await model.until(() => call.received.filter((m) => m.event === 'mark').length >= 10, turns);
    await clock.advance(60); // the caller has heard 60 ms of 200 ms
    await model.until(() => call.echoed.length >= 2, turns);
    const lastHeard = call.echoed.at(-1)?.name ?? '';
    const heardMs = msBeforeMark(call, lastHeard);
    expect(heardMs).toBeGreaterThan(40);
    expect(heardMs).toBeLessThanOrEqual(60);

    model.connection.emit({ type: 'barge-in', responseId: 'r1' }, { type: 'response-end', responseId: 'r1', stopReason: 'interrupted' });
    await model.until(() => call.clears === 1, turns);
    await model.until(() => model.connection.truncations.length === 1, turns);

    expect(call.echoed.filter((m) => m.cleared).length).toBeGreaterThan(0); // Twilio echoed the rest at once…
    // …and they did not count: the model forgets what followed the last mark heard (whole milliseconds).
    expect(model.connection.truncations).toEqual([{ responseId: 'r1', playedMs: Math.floor(heardMs) }]);
    expect(events.filter((e) => e.type === 'barge-in')).toHaveLength(1);
    call.hangUp();
  });

  it('turns a DTMF digit into a text turn, or hands it to onDtmf', async () => {
    const model = new ScriptedBidiModel();
    const { url } = await phoneServer(model);
    const call = await TwilioLoopbackCall.dial(url, { WebSocket, clock: new ManualClock() });
    call.pressKey('5');
    await model.until(() => model.inputs.some((input) => input.type === 'text'), turns);
    expect(model.inputs.filter((input) => input.type === 'text')).toEqual([{ type: 'text', text: '[dtmf 5]' }]);
    call.hangUp();

    const digits: string[] = [];
    const second = new ScriptedBidiModel();
    const other = await phoneServer(second, { io: { onDtmf: (digit) => void digits.push(digit) } });
    const call2 = await TwilioLoopbackCall.dial(other.url, { WebSocket, clock: new ManualClock() });
    call2.pressKey('#');
    call2.pressKey('7');
    await second.until(() => digits.length === 2, turns);
    call2.hangUp();
    await other.result;
    expect(digits).toEqual(['#', '7']);
    expect(second.inputs.filter((input) => input.type === 'text')).toEqual([]);
  });

  it('a hang-up mid-tool ends the conversation (client-disconnect) and still answers every call', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({
      onInput: (input) => (input.type === 'text' ? [bidiToolGroup([{ name: 'set_timer', input: { seconds: 30 }, id: 'timer' }])] : undefined),
    });
    const { url, events, result } = await phoneServer(model, { agent: { tools: [timerTool(clock)] } });
    const call = await TwilioLoopbackCall.dial(url, { WebSocket, clock });
    call.pressKey('3');
    await model.until(() => events.some((e) => e.type === 'tool-start'), turns);
    call.hangUp();
    const done = await result;

    const close = events.find((e) => e.type === 'connection-close');
    expect(close).toMatchObject({ type: 'connection-close', reason: 'client-disconnect' });
    const results = events.flatMap((e) => (e.type === 'tool-call-result' ? e.results : []));
    expect(results.map((r) => [r.toolCallId, r.status])).toEqual([['timer', 'cancelled']]);
    // The history pairs the call with its result.
    const parts = done.messages.flatMap((m) => m.parts);
    expect(parts.filter((p) => p.type === 'tool-call').map((p) => p.type === 'tool-call' && p.toolCallId)).toEqual(['timer']);
    expect(parts.filter((p) => p.type === 'tool-result').map((p) => p.type === 'tool-result' && p.toolCallId)).toEqual(['timer']);
    await call.closed;
  });

  it('holds audio the agent produces before Twilio sends start, then sends it with the stream id', async () => {
    const model = new ScriptedBidiModel({ onConnect: () => bidiResponseEvents('Welcome!', { responseId: 'greet', audioChunks: 2 }) });
    const { url, events } = await phoneServer(model);
    const call = await TwilioLoopbackCall.dial(url, { WebSocket, clock: new ManualClock(), start: false });
    await model.until(() => events.some((e) => e.type === 'response-complete'), turns);
    expect(call.received).toEqual([]);
    call.sendStart();
    await model.until(() => call.received.filter((m) => m.event === 'mark').length >= 2, turns);
    expect(call.received.every((m) => m.streamSid === call.streamSid)).toBe(true);
    expect(call.audio.length).toBe(320);
    call.hangUp();
  });

  it('refuses the call when onStart rejects: the socket closes (1011) and the conversation ends', async () => {
    const model = new ScriptedBidiModel();
    const { url, events, result } = await phoneServer(model, { io: { onStart: () => Promise.reject(new Error('unknown caller')) } });
    const call = await TwilioLoopbackCall.dial(url, { WebSocket, clock: new ManualClock() });
    call.sendAudio(new Uint8Array(160).fill(0xff));
    await call.closed;
    await result;
    expect(call.closedWith).toBe(1011);
    expect(events.find((e) => e.type === 'connection-close')).toMatchObject({ reason: 'client-disconnect' });
    expect(model.inputs.filter((input) => input.type === 'audio')).toEqual([]);
  });
});
