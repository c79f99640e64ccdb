import { describe, expect, it } from 'vitest';
import { ManualClock, ScriptedBidiModel, bidiToolGroup } from '@tandem/core/testing';
import type { BidiModelEvent } from '@tandem/core/spec';
import { BidiAgent } from './bidi-agent.js';
import type { BidiAgentOutput } from './bidi-agent-output.js';
import type { BidiEvent } from './bidi-event.js';
import { BidiOutputOverflowError } from './errors/bidi-output-overflow-error.js';
import { gate, type Gate } from './__fixtures__/test-kit.js';

function recorder(): BidiAgentOutput & { readonly events: BidiEvent[] } {
  const events: BidiEvent[] = [];
  return { events, write: (event) => void events.push(event) };
}

/** An output that takes the first event, then hangs on the second until `stall` opens. */
function stalled(stall: Gate): BidiAgentOutput & { readonly events: BidiEvent[] } {
  const events: BidiEvent[] = [];
  return {
    events,
    async write(event) {
      events.push(event);
      if (events.length === 2) await stall.promise;
    },
  };
}

function audio(responseId: string, count: number): BidiModelEvent[] {
  return Array.from({ length: count }, () => ({ type: 'audio' as const, responseId, data: new Uint8Array(960), sampleRate: 24_000 }));
}

describe('BidiAgent flow control', () => {
  it('a stalled output does not delay another output, and its queue stays bounded with drops reported', async () => {
    const model = new ScriptedBidiModel();
    const stall = gate();
    const slow = stalled(stall);
    const fast = recorder();
    const agent = new BidiAgent({ model, queue: { maxAudioEvents: 10 } });
    const running = agent.run({ outputs: [slow, fast] });
    await model.until(() => model.connections.length === 1);

    model.connection.emit({ type: 'response-start', responseId: 'r1' }, ...audio('r1', 500));
    model.connection.emit({ type: 'transcript', role: 'assistant', delta: 'hello', final: true });
    model.connection.emit({ type: 'response-end', responseId: 'r1', stopReason: 'complete' });
    // The model reader and the fast output got everything while the slow output is stuck on event #2.
    await model.until(() => fast.events.some((e) => e.type === 'response-complete'));
    expect(model.connection.pendingEvents).toBe(0);
    expect(fast.events.filter((e) => e.type === 'audio')).toHaveLength(500);
    expect(slow.events).toHaveLength(2);

    stall.open();
    agent.cancel();
    const result = await running;
    expect(result.reason).toBe('user-request');
    const slowAudio = slow.events.filter((e) => e.type === 'audio');
    // It stalled on response-start; of the 500 chunks queued behind it only the newest 10 were kept.
    expect(slowAudio).toHaveLength(10);
    const dropped = slow.events.find((e) => e.type === 'audio-dropped');
    expect(dropped).toMatchObject({ droppedChunks: 490, droppedMs: 490 * 20 });
    // Control events are never dropped, and arrive in order after the kept audio.
    expect(slow.events.filter((e) => e.type !== 'audio').map((e) => e.type)).toEqual([
      'connection-start',
      'response-start',
      'audio-dropped',
      'transcript',
      'response-complete',
      'connection-close',
    ]);
    expect(fast.events.some((e) => e.type === 'audio-dropped')).toBe(false);
  });

  it('detaches an output whose control events pile up past maxEvents and reports it to the others', async () => {
    const model = new ScriptedBidiModel();
    const stall = gate();
    const slow = stalled(stall);
    const fast = recorder();
    const agent = new BidiAgent({ model, queue: { maxEvents: 5 } });
    const running = agent.run({ outputs: [slow, fast] });
    await model.until(() => model.connections.length === 1);
    for (let i = 0; i < 20; i++) model.connection.emit({ type: 'transcript', role: 'user', delta: `${String(i)} `, final: false });
    await model.until(() => fast.events.filter((e) => e.type === 'transcript').length === 20);
    const overflow = fast.events.find((e) => e.type === 'error');
    expect(overflow).toMatchObject({ fatal: false });
    expect(overflow?.type === 'error' && BidiOutputOverflowError.isInstance(overflow.error) && overflow.error.output).toBe(0);
    stall.open();
    agent.cancel();
    await running;
    expect(slow.events).toHaveLength(2); // detached: nothing more was queued for it
    expect(fast.events.at(-1)?.type).toBe('connection-close');
  });

  it('a stalled output with a full queue when the conversation ends is abandoned and reported before close: close stays last', async () => {
    const model = new ScriptedBidiModel();
    const stall = gate();
    const slow = stalled(stall);
    const fast = recorder();
    const agent = new BidiAgent({ model, queue: { maxEvents: 3 }, cancelGraceMs: 0 });
    const running = agent.run({ outputs: [slow, fast] });
    await model.until(() => model.connections.length === 1);
    // slow takes connection-start and hangs writing 'a'; 'b', 'c', 'd' fill its control queue to maxEvents.
    for (const delta of ['a', 'b', 'c', 'd']) model.connection.emit({ type: 'transcript', role: 'user', delta, final: false });
    await model.until(() => fast.events.filter((e) => e.type === 'transcript').length === 4);
    expect(fast.events.some((e) => e.type === 'error')).toBe(false);
    agent.cancel();
    await model.until(() => fast.events.some((e) => e.type === 'connection-close'));
    await model.settle();
    stall.open();
    await running;
    expect(fast.events.slice(-2).map((e) => e.type)).toEqual(['error', 'connection-close']);
    expect(fast.events.at(-2)).toMatchObject({ error: { name: 'BidiStuckPeerError', peer: 'output', index: 0 } });
    expect(slow.events.map((e) => e.type)).not.toContain('connection-close');
  });

  it('reports a failing output write once as a non-fatal error, detaches that output and keeps going', async () => {
    const model = new ScriptedBidiModel();
    const fast = recorder();
    let calls = 0;
    const flaky: BidiAgentOutput = {
      write() {
        if (++calls === 2) throw new Error('speaker unplugged');
      },
    };
    const agent = new BidiAgent({ model });
    const running = agent.run({ outputs: [flaky, fast] });
    await model.until(() => model.connections.length === 1);
    model.connection.respond('hi', { responseId: 'r' });
    await model.until(() => fast.events.some((e) => e.type === 'error'));
    agent.cancel();
    await running;
    // §23: the failing output is abandoned after its first failure (it once kept being written to).
    const errors = fast.events.filter((e) => e.type === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ fatal: false, error: { name: 'BidiOutputError', index: 0, cause: new Error('speaker unplugged') } });
    expect(calls).toBe(2);
    expect(fast.events.at(-1)?.type).toBe('connection-close');
  });

  it('puts metrics on events: first-audio latency after speech and after tool results', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({
      model,
      clock,
      tools: [{ kind: 'function', name: 'noop', spec: { description: 'x', params: { type: 'object' } }, execute: () => 'ok' }],
    });
    const out = recorder();
    const running = agent.run({ outputs: [out] });
    await model.until(() => model.connections.length === 1);
    model.connection.emit({ type: 'transcript', role: 'user', delta: 'hello', final: true });
    await model.settle();
    await clock.advance(300);
    model.connection.emit({ type: 'response-start', responseId: 'r1' }, ...audio('r1', 2));
    model.connection.emit(bidiToolGroup([{ name: 'noop', id: 'n' }]));
    await model.until(() => model.toolResultCalls.length === 1);
    await clock.advance(120);
    model.connection.emit({ type: 'response-start', responseId: 'r2' }, ...audio('r2', 1));
    await model.until(() => out.events.filter((e) => e.type === 'audio').length === 3);
    agent.cancel();
    await running;
    const audioEvents = out.events.filter((e) => e.type === 'audio');
    expect(audioEvents.map((e) => (e.type === 'audio' ? e.metrics : undefined))).toEqual([
      { speechEndToFirstAudioMs: 300 },
      undefined,
      { toolResultToFirstAudioMs: 120 },
    ]);
    expect(out.events.find((e) => e.type === 'tool-call-result')).toMatchObject({ metrics: { durationMs: 0 } });
  });
});
