// Playback position (truncation uses what the listener heard) and nested agents' events.
import { describe, expect, it } from 'vitest';
import { Agent } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, ScriptedModel, bidiResponseEvents, bidiToolGroup, textResponse } from '@tandem/core/testing';
import { subAgentTool } from '@tandem/aggregators';
import { BidiAgent } from './bidi-agent.js';
import type { BidiEvent } from './bidi-event.js';
import { collect } from './__fixtures__/test-kit.js';

/** Starts an agent, plays `chunks` × 20 ms of response `r1` (left open) and returns once they were taken. */
async function playing(chunks: number) {
  const clock = new ManualClock();
  const model = new ScriptedBidiModel({ clock });
  const agent = new BidiAgent({ model, clock });
  await agent.start();
  const { events, done } = collect(agent);
  model.connection.emit(...bidiResponseEvents('Once upon a time', { responseId: 'r1', audioChunks: chunks, open: true }));
  await model.until(() => events.filter((e) => e.type === 'audio').length === chunks);
  return { model, agent, events, done };
}

describe('BidiAgent playback position', () => {
  it('truncates at the last reported position, not at the audio handed to outputs', async () => {
    const { model, agent, done } = await playing(10); // 200 ms handed over
    agent.reportPlayed('r1', 40);
    agent.reportPlayed('r1', 70.6);
    model.connection.emit({ type: 'barge-in', responseId: 'r1' });
    await model.until(() => model.connection.truncations.length === 1);
    expect(model.connection.truncations).toEqual([{ responseId: 'r1', playedMs: 70 }]);
    await agent.stop();
    await done;
  });

  it('skips truncation when nothing was reported, or when the listener heard nothing', async () => {
    const silent = await playing(3);
    silent.model.connection.emit({ type: 'barge-in', responseId: 'r1' });
    await silent.model.until(() => silent.events.some((e) => e.type === 'barge-in'));
    await silent.model.settle();
    expect(silent.model.connection.truncations).toEqual([]);
    await silent.agent.stop();

    const unheard = await playing(3);
    unheard.agent.reportPlayed('r1', 0);
    unheard.agent.reportPlayed('other', 500); // another response's position does not count
    unheard.model.connection.emit({ type: 'barge-in', responseId: 'r1' });
    await unheard.model.until(() => unheard.events.some((e) => e.type === 'barge-in'));
    await unheard.model.settle();
    expect(unheard.model.connection.truncations).toEqual([]);
    await unheard.agent.stop();
  });

  it('announces a response whose audio arrives without response-start, and drops late audio of an ended one', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock });
    await agent.start();
    const { events, done } = collect(agent);
    const audio = { type: 'audio', responseId: 'quiet', data: new Uint8Array(960), sampleRate: 24_000 } as const;
    model.connection.emit(audio, { type: 'response-end', responseId: 'quiet', stopReason: 'complete' }, audio);
    await model.until(() => events.some((e) => e.type === 'response-complete'));
    await model.settle();
    expect(events.filter((e) => e.type !== 'connection-start').map((e) => e.type)).toEqual(['response-start', 'audio', 'response-complete']);
    await agent.stop();
    await done;
  });
});

describe('BidiAgent and nested agents', () => {
  it('forwards the events of a subAgentTool run with parentToolCallId, as Agent does', async () => {
    const nestedModel = new ScriptedModel({ responses: [textResponse('Three invoices are open.', { chunkSize: 8 })] });
    const research = subAgentTool(new Agent({}), nestedModel, { name: 'research', description: 'Research a question.' });
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({ model, tools: [research] });
    await agent.start();
    const { events, done } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'research', id: 'call_r', input: { prompt: 'How many invoices?' } }]));
    await model.until(() => events.some((e) => e.type === 'tool-group-complete'));
    const nested = events.filter((e): e is Extract<BidiEvent, { parentToolCallId: string }> => e.parentToolCallId !== undefined);
    expect(nested.length).toBeGreaterThan(0);
    expect(nested.every((e) => e.parentToolCallId === 'call_r' && typeof e.timeMs === 'number')).toBe(true);
    const text = nested.flatMap((e) => (e.type === 'text-delta' ? [e.chunk] : [])).join('');
    expect(text).toBe('Three invoices are open.');
    // The nested run's own ids stay: the outer conversation's tool events are unaffected.
    expect(nested[0]?.runId).not.toBe(events[0]?.runId);
    const outerResults = events.filter((e) => e.type === 'tool-call-result' && e.parentToolCallId === undefined);
    expect(outerResults).toHaveLength(1);
    expect(model.toolResultCalls[0]?.[0]).toMatchObject({ toolCallId: 'call_r', status: 'success', modelInput: { type: 'text', value: 'Three invoices are open.' } });
    await agent.stop();
    await done;
  });
});
