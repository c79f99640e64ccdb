// The mic-off freeze: realtime models find the end of the user's speech in the audio itself, so an input
// that stops sending audio mid-speech (a microphone switched off) used to leave the turn open for good —
// typed turns, pending results and end_conversation were then never answered. An input that ends or
// pauses during user speech now ends the user turn.
import { describe, expect, it } from 'vitest';
import type { BidiInput } from '@tandem/core/spec';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import type { BidiAgentInput } from './bidi-agent-input.js';
import type { BidiEvent } from './bidi-event.js';
import type { BidiRunResult } from './bidi-run-options.js';
import { endConversation } from './__fixtures__/test-kit.js';

/** A scripted model with an energy VAD like the vendors': loud audio opens the user's turn, 500 ms of silence closes it; it answers nothing meanwhile. */
function vadModel(clock: ManualClock) {
  let speaking = false;
  let quietMs = 0;
  const held: string[] = [];
  const answer = (text: string) => (text.includes('bye') ? [bidiToolGroup([{ name: 'end_conversation', id: 'bye' }])] : bidiResponseEvents(`You said: ${text}`));
  const model = new ScriptedBidiModel({
    clock,
    onInput: (input: BidiInput) => {
      if (input.type === 'text') {
        if (!speaking) return answer(input.text);
        held.push(input.text);
        return undefined;
      }
      if (input.type !== 'audio') return undefined;
      const loud = input.data.some((byte) => byte !== 0);
      const ms = (input.data.byteLength / 2 / input.sampleRate) * 1000;
      if (loud) {
        quietMs = 0;
        if (speaking) return undefined;
        speaking = true;
        return [{ type: 'transcript', role: 'user', delta: '[you spoke', final: false }];
      }
      if (!speaking) return undefined;
      quietMs += ms;
      if (quietMs < 500) return undefined;
      speaking = false;
      return [{ type: 'transcript', role: 'user', delta: ']', final: true }, ...held.splice(0).flatMap(answer)];
    },
  });
  return { model, speaking: () => speaking };
}

const loudChunk: BidiInput = { type: 'audio', data: new Uint8Array(640).fill(0x40), sampleRate: 16_000 };

/** An input that sends one loud chunk, then pauses (its read waits until the conversation ends) or ends. */
function microphone(then: 'pause' | 'end'): BidiAgentInput {
  let sent = false;
  return {
    read: (signal) => {
      if (!sent) {
        sent = true;
        return Promise.resolve(loudChunk);
      }
      if (then === 'end') return Promise.resolve({ type: 'end' });
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve({ type: 'end' }), { once: true }));
    },
  };
}

async function talk(then: 'pause' | 'end') {
  const clock = new ManualClock();
  const { model, speaking } = vadModel(clock);
  const agent = new BidiAgent({ model, clock, tools: [endConversation] });
  const events: BidiEvent[] = [];
  const outcome: { result?: BidiRunResult } = {};
  void agent.run({ inputs: [microphone(then), { read: (signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve({ type: 'end' }), { once: true })) }], outputs: [{ write: (event) => void events.push(event) }] }).then((result) => {
    outcome.result = result;
  });
  await model.until(() => events.some((e) => e.type === 'transcript' && e.role === 'user'));
  return { clock, model, agent, events, outcome, speaking };
}

describe('BidiAgent when the microphone stops mid-speech', () => {
  it('an input that pauses during user speech ends the user turn: typed turns and end_conversation still work', async () => {
    const { clock, model, agent, events, outcome, speaking } = await talk('pause');
    expect(speaking()).toBe(true);
    await agent.send('hello');
    await model.settle();
    expect(events.some((e) => e.type === 'response-start')).toBe(false); // the model waits for the end of speech
    await clock.advance(1_000);
    await model.until(() => events.some((e) => e.type === 'response-complete'));
    expect(speaking()).toBe(false);
    expect(events.filter((e) => e.type === 'transcript' && e.role === 'assistant').map((e) => e.type === 'transcript' && e.delta).join('')).toBe('You said: hello');
    await agent.send('bye');
    await model.until(() => outcome.result !== undefined);
    expect(outcome.result?.reason).toBe('user-request');
  });

  it('an input that ends during user speech ends the user turn at once', async () => {
    const { model, agent, events, outcome, speaking } = await talk('end');
    await model.until(() => !speaking());
    expect(events.filter((e) => e.type === 'transcript' && e.role === 'user' && e.final)).toHaveLength(1);
    await agent.send('hello');
    await model.until(() => events.some((e) => e.type === 'response-complete'));
    await agent.stop();
    expect(outcome.result === undefined || outcome.result.reason === 'user-request').toBe(true);
  });

  it('sends the closing silence once per pause, not again and again', async () => {
    const { clock, model, agent } = await talk('pause');
    await clock.advance(5_000);
    await model.settle();
    const silent = model.inputs.filter((input) => input.type === 'audio' && input.data.every((byte) => byte === 0));
    expect(silent).toHaveLength(1);
    expect(silent[0]).toMatchObject({ sampleRate: 16_000 });
    await agent.stop();
  });
});
