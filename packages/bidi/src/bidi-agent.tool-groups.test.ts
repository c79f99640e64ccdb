import { describe, expect, it } from 'vitest';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents, bidiToolGroup } from '@tandem/core/testing';
import type { Message } from '@tandem/core/spec';
import { BidiAgent } from './bidi-agent.js';
import type { BidiAgentOutput } from './bidi-agent-output.js';
import type { BidiEvent } from './bidi-event.js';
import { collect, gate, setTimerTool, sleepTool, types } from './__fixtures__/test-kit.js';

function toolParts(messages: readonly Message[]): { calls: string[]; results: string[] } {
  const calls: string[] = [];
  const results: string[] = [];
  for (const message of messages) {
    for (const part of message.parts) {
      if (part.type === 'tool-call') calls.push(part.toolCallId);
      if (part.type === 'tool-result') results.push(part.toolCallId);
    }
  }
  return { calls, results };
}

describe('BidiAgent tool groups', () => {
  it('seed timer: set_timer(5) runs while two more responses happen; its result reaches the model during a later response, in one call', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({
      clock,
      onInput(input) {
        if (input.type !== 'text') return undefined;
        if (input.text.includes('timer')) {
          return [bidiToolGroup([{ name: 'set_timer', input: { seconds: 5 }, id: 'timer_1' }]), ...bidiResponseEvents('Timer set.')];
        }
        if (input.text.includes('story')) return bidiResponseEvents('Once upon a time', { responseId: 'story', open: true });
        return bidiResponseEvents(`Answer: ${input.text}`, { audioChunks: 2 });
      },
    });
    const agent = new BidiAgent({ model, tools: [setTimerTool(clock)], clock });
    await agent.start();
    const { events, done } = collect(agent);

    await agent.send('Set a timer for 5 seconds');
    await model.until(() => events.filter((e) => e.type === 'response-complete').length === 1);
    await clock.advance(1000);
    await agent.send('What is the capital of France?');
    await model.until(() => events.filter((e) => e.type === 'response-complete').length === 2);
    await agent.send('And of Spain?');
    await model.until(() => events.filter((e) => e.type === 'response-complete').length === 3);
    expect(model.toolResultCalls).toHaveLength(0); // the timer is still running: nothing blocked

    await agent.send('Tell me a story');
    await model.until(() => events.some((e) => e.type === 'response-start' && e.responseId === 'story'));
    await clock.advance(4000);
    await model.until(() => model.toolResultCalls.length === 1);

    // One sendToolResults call with the timer's result, sent while the story response was still going.
    expect(model.toolResultCalls).toHaveLength(1);
    expect(model.toolResultCalls[0]).toEqual([
      expect.objectContaining({ toolCallId: 'timer_1', status: 'success', result: 'Your 5-second timer has finished.' }),
    ]);
    const storyDone = events.findIndex((e) => e.type === 'response-complete' && e.responseId === 'story');
    expect(storyDone).toBe(-1);
    const sentAt = model.log.findIndex((entry) => entry.type === 'tool-results');
    const storyAsked = model.log.findIndex((entry) => entry.type === 'input' && entry.input.type === 'text' && entry.input.text.includes('story'));
    expect(sentAt).toBeGreaterThan(storyAsked);
    expect(types(events).filter((t) => t === 'tool-group-complete')).toHaveLength(1);

    model.connection.emit({ type: 'response-end', responseId: 'story', stopReason: 'complete' });
    await agent.stop();
    await done;
    const { calls, results } = toolParts(agent.messages);
    expect(calls).toEqual(['timer_1']);
    expect(results).toEqual(['timer_1']);
    expect(agent.messages.map((m) => m.role)).toEqual([
      'user', // Set a timer
      'assistant', // set_timer call
      'assistant', // Timer set.
      'user',
      'assistant',
      'user',
      'assistant',
      'user', // Tell me a story
      'assistant', // Once upon a time
      'tool', // the timer's result, recorded when it finished
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'connection-close', reason: 'user-request' });
  });

  it('two groups: slow group A then fast group B — B is delivered first, each group exactly once, as one call in call order', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({
      model,
      clock,
      tools: [sleepTool('slow', clock, 3000), sleepTool('medium', clock, 50), sleepTool('fast', clock, 100)],
    });
    await agent.start();
    const { events, done } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'slow', id: 'a1' }, { name: 'medium', id: 'a2' }]));
    model.connection.emit(bidiToolGroup([{ name: 'fast', id: 'b1' }]));
    await model.until(() => events.filter((e) => e.type === 'tool-start').length === 3);

    await clock.advance(100);
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]?.map((r) => r.toolCallId)).toEqual(['b1']);

    await clock.advance(2900);
    await model.until(() => model.toolResultCalls.length === 2);
    // a2 finished long before a1, but the group goes as one call, in the model's call order.
    expect(model.toolResultCalls[1]?.map((r) => r.toolCallId)).toEqual(['a1', 'a2']);
    const completed = events.filter((e) => e.type === 'tool-call-result').map((e) => (e.type === 'tool-call-result' ? e.results[0]?.toolCallId : ''));
    expect(completed).toEqual(['a2', 'b1', 'a1']);

    await clock.advance(10_000);
    await model.settle();
    expect(model.toolResultCalls).toHaveLength(2);
    await agent.stop();
    await done;
    expect(toolParts(agent.messages).results.sort()).toEqual(['a1', 'a2', 'b1']);
  });

  it('barge-in while a group runs: queued audio is flushed, barge-in emitted, tools finish and their results are delivered', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const seen: { signal?: AbortSignal } = {};
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('lookup', clock, 1000, 'found', seen)] });
    const speaker = gate();
    const written: BidiEvent[] = [];
    let audioWrites = 0;
    const output: BidiAgentOutput = {
      async write(event) {
        written.push(event);
        if (event.type === 'audio' && ++audioWrites === 3) await speaker.promise; // the speaker falls behind
      },
    };
    const running = agent.run({ outputs: [output] });
    await model.until(() => model.connections.length === 1);
    model.connection.emit(bidiToolGroup([{ name: 'lookup', id: 'l1' }]));
    model.connection.respond('Let me look that up while we talk about something else.', { responseId: 'r1', audioChunks: 6, open: true });
    await model.until(() => audioWrites === 3 && model.connection.pendingEvents === 0);
    // The speaker says it has played 500 ms — more than the 40 ms it was given: truncation is clamped.
    agent.reportPlayed('r1', 500);

    model.connection.emit({ type: 'barge-in', responseId: 'r1' });
    model.connection.emit({ type: 'audio', responseId: 'r1', data: new Uint8Array(960), sampleRate: 24_000 }); // late audio of r1
    model.connection.emit({ type: 'response-end', responseId: 'r1', stopReason: 'interrupted' });
    await model.until(() => model.connection.truncations.length === 1);
    expect(model.connection.truncations[0]).toEqual({ responseId: 'r1', playedMs: 40 }); // two 20 ms chunks were written
    speaker.open();
    await model.until(() => written.some((e) => e.type === 'response-complete'));

    // Three chunks reached the speaker; the three queued behind it were flushed and the late one dropped.
    expect(written.filter((e) => e.type === 'audio')).toHaveLength(3);
    const bargeIn = written.find((e) => e.type === 'barge-in');
    expect(bargeIn).toMatchObject({ responseId: 'r1', metrics: { flushedAudioChunks: 3 } });
    expect(seen.signal?.aborted).toBe(false); // the tool keeps running

    await clock.advance(1000);
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]).toEqual([expect.objectContaining({ toolCallId: 'l1', status: 'success', result: 'found' })]);
    agent.cancel();
    await expect(running).resolves.toMatchObject({ reason: 'user-request' });
  });

  it('gives unknown tools and invalid arguments an error result each, in the same single call', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('ok', clock, 0)] });
    await agent.start();
    model.connection.emit(
      bidiToolGroup([
        { name: 'ok', id: 'c1' },
        { name: 'nope', id: 'c2' },
        { name: 'ok', id: 'c3', toolArgs: '{not json' },
      ]),
    );
    await clock.advance(0);
    await model.until(() => model.toolResultCalls.length === 1);
    const [results] = model.toolResultCalls;
    expect(results?.map((r) => [r.toolCallId, r.status])).toEqual([
      ['c1', 'success'],
      ['c2', 'error'],
      ['c3', 'error'],
    ]);
    expect(String(results?.[1]?.result)).toContain('nope');
    await agent.stop();
    expect(toolParts(agent.messages)).toEqual({ calls: ['c1', 'c2', 'c3'], results: ['c1', 'c2', 'c3'] });
  });

  it('holds results until the response ends when the provider cannot take them mid-response', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock, capabilities: { nativeAsyncTools: false } });
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('quick', clock, 10)] });
    await agent.start();
    model.connection.emit(bidiToolGroup([{ name: 'quick', id: 'q1' }]));
    model.connection.respond('Working on it', { responseId: 'r1', open: true });
    await model.settle();
    await clock.advance(10);
    await model.settle();
    expect(model.toolResultCalls).toHaveLength(0);
    model.connection.emit({ type: 'response-end', responseId: 'r1', stopReason: 'complete' });
    await model.until(() => model.toolResultCalls.length === 1);
    await agent.stop();
  });
});
