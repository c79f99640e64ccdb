import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import twilio from 'twilio';
import { WebSocket } from 'ws';
import { systemClock } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents } from '@tandem/core/testing';
import { TwilioLoopbackCall } from '@tandem/bidi/testing';
import { chooseVoiceModel } from '@tandem/voice-app/voice-model';
import { OFFLINE_KEYPAD, startPhoneServer, type PhoneServer, type PhoneServerOptions } from './phone-server.js';

const running: PhoneServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(options: Partial<PhoneServerOptions> = {}): Promise<PhoneServer> {
  const server = await startPhoneServer({ model: new ScriptedBidiModel(), port: 0, ...options });
  running.push(server);
  return server;
}

/** Twilio's voice webhook: a form POST with the call's details. */
function webhook(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(form) });
}

const callForm = { CallSid: 'CA00000000000000000000000000000001', From: '+15550100', To: '+15550199', AccountSid: 'AC00000000000000000000000000000001' };

/** The caller's words: espeak-ng speech as 8 kHz μ-law, encoded by SoX. */
function callerSays(text: string): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'phone-agent-'));
  try {
    execFileSync('espeak-ng', ['-w', join(dir, 'caller.wav'), text]);
    execFileSync('sox', [join(dir, 'caller.wav'), '-D', '-t', 'raw', '-r', '8000', '-e', 'mu-law', '-c', '1', join(dir, 'caller.ul')]);
    return new Uint8Array(readFileSync(join(dir, 'caller.ul')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The TwiML document as a tree, attributes prefixed with `@`. */
function parseTwiml(xml: string): Record<string, unknown> {
  return new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'Parameter' }).parse(xml) as Record<string, unknown>;
}

describe('the phone agent example', () => {
  it('answers the voice webhook with TwiML <Connect><Stream> to its media endpoint, the caller as parameters', async () => {
    const server = await start();
    const response = await webhook(`${server.url}/twiml`, callForm);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/xml/);
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    // Twilio's documented shape: <Response> holds one <Connect>, which holds one <Stream url>; <Parameter name value>
    // children carry the custom parameters.
    const doc = parseTwiml(xml);
    expect(Object.keys(doc).filter((key) => key !== '?xml')).toEqual(['Response']);
    expect(doc['Response']).toEqual({
      Connect: {
        Stream: {
          '@url': `${server.url.replace('http://', 'ws://')}/media`,
          Parameter: [
            { '@name': 'from', '@value': '+15550100' },
            { '@name': 'to', '@value': '+15550199' },
            { '@name': 'callSid', '@value': 'CA00000000000000000000000000000001' },
          ],
        },
      },
    });
  });

  it('uses the public URL for a wss:// stream behind a tunnel, and refuses what Twilio never sends', async () => {
    const server = await start({ publicUrl: 'https://phone.example.test/' });
    const doc = parseTwiml(await (await webhook(`${server.url}/twiml`, callForm)).text());
    expect((doc['Response'] as { Connect: { Stream: { '@url': string } } }).Connect.Stream['@url']).toBe('wss://phone.example.test/media');
    expect((await fetch(`${server.url}/twiml`)).status).toBe(405);
    expect((await fetch(`${server.url}/other`, { method: 'POST' })).status).toBe(404);
    expect((await webhook(`${server.url}/twiml`, { Big: 'x'.repeat(70_000) })).status).toBe(413);
  });

  it("checks X-Twilio-Signature (Twilio's own algorithm) when the auth token is set, on the webhook and the stream", async () => {
    const token = 'test-auth-token';
    const server = await start({ twilioAuthToken: token, publicUrl: 'https://phone.example.test' });
    expect((await webhook(`${server.url}/twiml`, callForm)).status).toBe(403);
    expect((await webhook(`${server.url}/twiml`, callForm, { 'x-twilio-signature': 'AAAA' })).status).toBe(403);
    const signature = twilio.getExpectedTwilioSignature(token, 'https://phone.example.test/twiml', callForm);
    expect((await webhook(`${server.url}/twiml`, callForm, { 'x-twilio-signature': signature })).status).toBe(200);

    const refused = new WebSocket(`${server.url.replace('http', 'ws')}/media`);
    const status = await new Promise<number | undefined>((resolve) => refused.once('unexpected-response', (_request, response) => resolve(response.statusCode)).once('open', () => resolve(undefined)));
    expect(status).toBe(403);
    const streamSignature = twilio.getExpectedTwilioSignature(token, 'https://phone.example.test/media', {});
    const accepted = new WebSocket(`${server.url.replace('http', 'ws')}/media`, { headers: { 'x-twilio-signature': streamSignature } });
    await new Promise<void>((resolve, reject) => accepted.once('open', () => resolve()).once('error', reject));
    accepted.close();
  });

  it('a call on the scripted model: the greeting reaches the caller as μ-law media with marks, a key press is a turn', async () => {
    const model = new ScriptedBidiModel({
      onConnect: () => bidiResponseEvents('Hello, how can I help?', { responseId: 'hello', audioChunks: 3 }),
      onInput: (input) => (input.type === 'text' ? bidiResponseEvents(`You pressed ${input.text}.`, { audioChunks: 1 }) : undefined),
    });
    const server = await start({ model });
    const call = await TwilioLoopbackCall.dial(`${server.url.replace('http', 'ws')}/media`, { WebSocket, clock: new ManualClock() });
    await model.until(() => call.received.filter((m) => m.event === 'mark').length >= 3, { maxTurns: 500_000 });
    expect(call.audio.length).toBe(480); // 60 ms at 8 kHz
    call.pressKey('4');
    await model.until(() => model.inputs.some((input) => input.type === 'text'), { maxTurns: 500_000 });
    expect(model.inputs.filter((input) => input.type === 'text')).toEqual([{ type: 'text', text: '[dtmf 4]' }]);
    call.hangUp();
    await call.closed;
  });

  it('offline: the demo voice model speaks over the phone, a key sets a timer, the caller barging in clears playback, 9 hangs up', async () => {
    const choice = await chooseVoiceModel({ VOICE_MODEL: 'demo' });
    expect(choice.offlineDemo).toBe(true);
    const server = await start({ model: choice.model, keypad: OFFLINE_KEYPAD });
    // The demo model paces its speech by what the caller has heard, so this caller plays in real time.
    const call = await TwilioLoopbackCall.dial(`${server.url.replace('http', 'ws')}/media`, { WebSocket, clock: systemClock });
    const deadline = Date.now() + 45_000;
    const until = async (what: string, predicate: () => boolean): Promise<void> => {
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`the call did not get there in time: ${what} (${String(call.audio.length)} bytes of audio, ${String(call.clears)} clears)`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    call.pressKey('1'); // "set_timer seconds=5": the model says it is calling the timer…
    await until('the first answer', () => call.audio.length >= 1_600 && call.echoed.length > 0);
    const first = call.audio.length;
    const energy = Math.max(...Array.from(call.audio.subarray(0, 1_600), (byte) => 0x7f - (byte & 0x7f)));
    expect(energy).toBeGreaterThan(40); // speech, not μ-law silence (0xff / 0x7f)

    // …the timer runs while the call goes on, and its result is spoken five seconds later.
    await until('the spoken timer result', () => call.audio.length > first + 4_000);
    // The caller talks over that answer: loud audio reads as speech to the demo model, which stops talking.
    call.sendAudio(callerSays('Wait, stop, I have another question.'));
    call.sendSilence(1_000); // Twilio keeps streaming: the caller has stopped talking
    await until('a clear after barge-in', () => call.clears >= 1);
    // Which marks were still playing when the clear came depends on this machine's speed (the caller plays in real
    // time), so this end-to-end call checks the clear itself; that pending marks are echoed at once and the answer is
    // cut at the last mark played is checked on a manual clock in @tandem/bidi's twilio-media-stream-io test.

    call.pressKey('9'); // "end_call"
    await until('the hang-up', () => call.closedWith !== undefined);
    expect(call.closedWith).toBe(1000);
  });
});
