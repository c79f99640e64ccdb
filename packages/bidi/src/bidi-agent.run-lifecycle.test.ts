import { describe, expect, it } from 'vitest';
import { ManualClock, ScriptedBidiModel } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import type { BidiAgentInput } from './bidi-agent-input.js';
import type { BidiAgentOutput } from './bidi-agent-output.js';
import type { BidiEvent } from './bidi-event.js';

describe('BidiAgent run() lifecycle when inputs or outputs fail', () => {
  it('an output whose start() throws: run() rejects with it, no connection stays open, and the agent can start again', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock });
    const stopped: string[] = [];
    const good: BidiAgentOutput = { write: () => undefined, stop: () => void stopped.push('good') };
    const bad: BidiAgentOutput = {
      start() {
        throw new Error('no speaker');
      },
      write: () => undefined,
      stop: () => void stopped.push('bad'),
    };
    await expect(agent.run({ outputs: [good, bad] })).rejects.toThrow('no speaker');
    expect(agent.running).toBe(false);
    expect(model.connections).toHaveLength(0);
    expect(stopped).toEqual(['good']); // the output that had started is released
    await agent.start();
    expect(agent.running).toBe(true);
    await agent.stop();
    expect(clock.pending).toBe(0);
  });

  it('an input whose start() throws is reported as a non-fatal error and counts as ended (no unhandled rejection)', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, responseWaitMs: 0 });
    const events: BidiEvent[] = [];
    const output: BidiAgentOutput = { write: (event) => void events.push(event) };
    const broken: BidiAgentInput = {
      start() {
        throw new Error('no microphone');
      },
      read: () => Promise.resolve({ type: 'end' }),
    };
    let sent = false;
    const keyboard: BidiAgentInput = {
      read() {
        if (sent) return Promise.resolve({ type: 'end' });
        sent = true;
        return Promise.resolve({ type: 'text', text: 'hello' });
      },
    };
    const running = agent.run({ inputs: [broken, keyboard], outputs: [output] });
    await model.until(() => model.inputs.length === 1);
    await clock.advance(0);
    const result = await running;
    expect(result.reason).toBe('complete');
    const error = events.find((e) => e.type === 'error');
    expect(error).toMatchObject({ type: 'error', fatal: false, error: expect.objectContaining({ message: 'no microphone' }) });
    expect(events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'complete' });
  });

  it('an input item the agent cannot send is reported and skipped; the input keeps being read', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, responseWaitMs: 0 });
    const events: BidiEvent[] = [];
    const output: BidiAgentOutput = { write: (event) => void events.push(event) };
    const items = [
      { type: 'audio' as const, data: new Uint8Array(640), sampleRate: 0 }, // no valid sample rate
      { type: 'text' as const, text: 'hello' },
    ];
    const input: BidiAgentInput = { read: () => Promise.resolve(items.shift() ?? { type: 'end' }) };
    const running = agent.run({ inputs: [input], outputs: [output] });
    await model.until(() => model.inputs.length === 1);
    await clock.advance(0);
    const result = await running;
    expect(model.inputs).toEqual([{ type: 'text', text: 'hello' }]);
    expect(events.find((e) => e.type === 'error')).toMatchObject({ fatal: false, error: expect.any(RangeError) });
    expect(result.reason).toBe('complete');
  });

  it('run() resolves when the conversation ends even if an input ignores its abort signal; the input is stopped', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock });
    let stopped = false;
    let reading = false;
    const deaf: BidiAgentInput = {
      read: () => {
        reading = true;
        return new Promise(() => undefined); // never settles, signal or not
      },
      stop: () => {
        stopped = true;
      },
    };
    const events: BidiEvent[] = [];
    const running = agent.run({ inputs: [deaf], outputs: [{ write: (event) => void events.push(event) }] });
    await model.until(() => reading);
    agent.cancel();
    await model.until(() => clock.pending === 1); // the grace period for the deaf input
    await clock.advance(2_000);
    await expect(running).resolves.toMatchObject({ reason: 'user-request' });
    expect(stopped).toBe(true);
    expect(events.at(-2)).toMatchObject({ type: 'error', fatal: false, error: { name: 'BidiStuckPeerError', peer: 'input', index: 0 } });
    expect(events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'user-request' });
  });
});
