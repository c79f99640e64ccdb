import { describe, expect, it } from 'vitest';
import { ManualClock, ScriptedBidiModel, bidiToolGroup } from '@tandem/core/testing';
import type { BidiConnection, BidiModel, BidiModelEvent, ToolResult } from '@tandem/core/spec';
import { BidiAgent } from './bidi-agent.js';
import { BidiConnectionError } from './errors/bidi-connection-error.js';
import { collect, gate, sleepTool, types } from './__fixtures__/test-kit.js';

describe('BidiAgent reconnect', () => {
  it('provider time-out while a tool runs: the connection restarts and the result is delivered on the new connection', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, system: 'Be brief.', tools: [sleepTool('lookup', clock, 1000, 'found')] });
    await agent.start();
    const { events } = collect(agent);
    await agent.send('Look it up');
    model.connection.emit(bidiToolGroup([{ name: 'lookup', id: 'l1' }]));
    await model.until(() => events.some((e) => e.type === 'tool-start'));

    model.connection.timeOut();
    await model.until(() => model.connections.length === 2);
    const [first, second] = model.connections;
    expect(first?.closed).toBe(true);
    expect(second?.request.system).toBe('Be brief.');
    // History is replayed: the user turn and the pending call (its result follows via sendToolResults).
    expect(second?.request.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(second?.request.messages[1]?.parts[0]).toMatchObject({ type: 'tool-call', toolCallId: 'l1' });
    expect(types(events)).toEqual(expect.arrayContaining(['connection-restart']));
    expect(events.find((e) => e.type === 'connection-restart')).toMatchObject({ reason: 'timeout', generation: 2 });
    expect(events.filter((e) => e.type === 'connection-start').map((e) => (e.type === 'connection-start' ? e.generation : 0))).toEqual([1, 2]);

    await clock.advance(1000);
    await model.until(() => model.toolResultCalls.length === 1);
    expect(first?.toolResults).toHaveLength(0);
    expect(second?.toolResults).toEqual([[expect.objectContaining({ toolCallId: 'l1', result: 'found' })]]);
    await agent.stop();
  });

  it('results that finish while reconnecting are sent once on the new connection and left out of the replay', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('quick', clock, 100)], reconnect: { initialDelayMs: 500 } });
    await agent.start();
    model.connection.emit(bidiToolGroup([{ name: 'quick', id: 'q1' }]));
    await model.settle();
    model.failNextConnect(new Error('503 Service Unavailable'));
    model.connection.drop(new Error('socket reset'));
    await model.settle();
    expect(model.connections).toHaveLength(1); // first reconnect attempt failed; backing off
    await clock.advance(100); // the tool finishes while there is no connection
    await clock.advance(400);
    await model.until(() => model.connections.length === 2 && model.toolResultCalls.length === 1);
    const second = model.connections[1];
    const replayedParts = second?.request.messages.flatMap((m) => m.parts) ?? [];
    expect(replayedParts.map((p) => p.type)).toEqual(['tool-call']);
    expect(second?.toolResults.map((call) => call.map((r) => r.toolCallId))).toEqual([['q1']]);
    expect(agent.messages.map((m) => m.role)).toEqual(['assistant', 'tool']);
    await agent.stop();
  });

  it('a go-away restarts at the next turn boundary, not in the middle of a response', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock, capabilities: { resumption: true } });
    const agent = new BidiAgent({ model, clock });
    await agent.start();
    const { events } = collect(agent);
    model.connection.respond('A long answer', { responseId: 'r1', audioChunks: 1, open: true });
    model.connection.goAway({ resumeToken: 'resume-me', timeLeftMs: 10_000 });
    await model.settle();
    expect(model.connections).toHaveLength(1);
    model.connection.emit({ type: 'response-end', responseId: 'r1', stopReason: 'complete' });
    await model.until(() => model.connections.length === 2);
    expect(model.connections[1]?.request.resumeToken).toBe('resume-me');
    const order = types(events);
    expect(order.indexOf('response-complete')).toBeLessThan(order.indexOf('connection-restart'));
    expect(events.find((e) => e.type === 'connection-restart')).toMatchObject({ reason: 'go-away' });
    await clock.advance(10_000); // the old connection's deadline passes: nothing more happens
    expect(model.connections).toHaveLength(2);
    await agent.stop();
  });

  it('a go-away whose deadline passes mid-response restarts then, closing the response as interrupted', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock });
    await agent.start();
    const { events } = collect(agent);
    model.connection.respond('Endless', { responseId: 'r1', open: true });
    model.connection.goAway({ timeLeftMs: 1000 });
    await model.settle();
    await clock.advance(1000);
    await model.until(() => model.connections.length === 2);
    expect(events.find((e) => e.type === 'response-complete')).toMatchObject({ responseId: 'r1', stopReason: 'interrupted' });
    await agent.stop();
  });

  it('restarts before capabilities.maxConnectionMs, at a turn boundary', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock, capabilities: { maxConnectionMs: 60_000 } });
    const agent = new BidiAgent({ model, clock, reconnect: { marginMs: 5_000 } });
    await agent.start();
    const { events } = collect(agent);
    await clock.advance(54_999);
    expect(model.connections).toHaveLength(1);
    await clock.advance(1);
    await model.until(() => model.connections.length === 2);
    expect(events.find((e) => e.type === 'connection-restart')).toMatchObject({ reason: 'max-duration' });
    await agent.stop();
  });

  it('fences events of a replaced connection (connection generations)', async () => {
    // A transport that keeps yielding events after close(), as a real socket may for in-flight frames.
    const sent: (readonly ToolResult[])[] = [];
    const feeds: ((event: BidiModelEvent) => void)[] = [];
    const model: BidiModel = {
      specificationVersion: 'v1',
      provider: 'leaky',
      modelId: 'leaky',
      capabilities: { truncation: false, nativeAsyncTools: true, resumption: false },
      audio: { inputRate: 16_000, outputRate: 24_000, channels: 1 },
      async connect(): Promise<BidiConnection> {
        const queue: BidiModelEvent[] = [];
        let wake: (() => void) | undefined;
        feeds.push((event) => {
          queue.push(event);
          wake?.();
        });
        return {
          send: async () => undefined,
          sendToolResults: async (results) => {
            sent.push(results);
          },
          close: async () => undefined,
          async *events() {
            for (;;) {
              const next = queue.shift();
              if (next !== undefined) yield next;
              else await new Promise<void>((resolve) => (wake = resolve));
            }
          },
        };
      },
    };
    const agent = new BidiAgent({ model });
    await agent.start();
    const { events } = collect(agent);
    feeds[0]?.({ type: 'go-away' });
    await new ScriptedBidiModel().until(() => feeds.length === 2);
    feeds[0]?.({ type: 'transcript', role: 'assistant', delta: 'stale', final: true });
    feeds[1]?.({ type: 'transcript', role: 'assistant', delta: 'fresh', final: true });
    await new ScriptedBidiModel().until(() => events.some((e) => e.type === 'transcript'));
    await new ScriptedBidiModel().settle();
    expect(events.filter((e) => e.type === 'transcript').map((e) => (e.type === 'transcript' ? e.delta : ''))).toEqual(['fresh']);
    await agent.stop();
  });

  it('gives up after reconnect.maxAttempts with a fatal BidiConnectionError and connection-close error', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, reconnect: { maxAttempts: 2, initialDelayMs: 10 } });
    const running = agent.run();
    await model.until(() => model.connections.length === 1);
    model.failNextConnect(new Error('down'));
    model.failNextConnect(new Error('still down'));
    model.connection.timeOut();
    await model.settle();
    await clock.advance(10);
    const result = await running;
    expect(result.reason).toBe('error');

    const refused = new ScriptedBidiModel();
    refused.failNextConnect(new Error('401'));
    const lonely = new BidiAgent({ model: refused, reconnect: { maxAttempts: 1 } });
    const error = await lonely.start().catch((e: unknown) => e);
    expect(BidiConnectionError.isInstance(error)).toBe(true);
    expect((error as BidiConnectionError).cause).toEqual(new Error('401'));
  });

  it('with reconnect disabled, a provider time-out ends the conversation with timeout', async () => {
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({ model, reconnect: { maxAttempts: 0 } });
    const running = agent.run();
    await model.until(() => model.connections.length === 1);
    model.connection.timeOut();
    await expect(running).resolves.toMatchObject({ reason: 'timeout' });
  });
});

describe('BidiAgent reconnect and user input', () => {
  it('text sent while reconnecting is sent once on the new connection, not replayed as well', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, reconnect: { initialDelayMs: 100 } });
    await agent.start();
    await agent.send('first');
    model.failNextConnect(new Error('busy'));
    model.connection.timeOut();
    await model.settle();
    const sending = agent.send('second'); // waits for the new connection
    await clock.advance(100);
    await sending;
    const second = model.connections[1];
    expect(second?.request.messages).toEqual([{ role: 'user', parts: [{ type: 'text', text: 'first' }] }]);
    expect(second?.inputs).toEqual([{ type: 'text', text: 'second' }]);
    expect(agent.messages.map((m) => m.parts[0]?.type === 'text' && m.parts[0].text)).toEqual(['first', 'second']);
    await agent.stop();
  });

  it('a send that fails on a dying connection is retried on the next one', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock });
    await agent.start();
    const { events } = collect(agent);
    model.connection.drop(new Error('reset'));
    await agent.send('are you there?');
    await model.until(() => model.connections.length === 2);
    expect(model.connections[0]?.inputs).toEqual([]);
    expect(model.connections[1]?.inputs).toEqual([{ type: 'text', text: 'are you there?' }]);
    expect(model.connections[1]?.request.messages).toEqual([]);
    expect(events.find((e) => e.type === 'connection-restart')).toMatchObject({ reason: 'connection-lost' });
    await agent.stop();
  });
});

describe('BidiAgent reconnect and tool results in flight', () => {
  it('results whose send was still in flight when the connection was replaced are sent again on the new one, not replayed', async () => {
    const clock = new ManualClock();
    const slowAck = gate();
    const model = new ScriptedBidiModel({
      clock,
      onToolResults: async (_results, connection) => {
        if (connection.index === 0) await slowAck.promise;
      },
    });
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('quick', clock, 10)] });
    await agent.start();
    model.connection.emit(bidiToolGroup([{ name: 'quick', id: 'q1' }]));
    await model.settle();
    await clock.advance(10);
    await model.until(() => model.connection.toolResults.length === 1); // handed over, not yet acknowledged
    model.connection.timeOut();
    await model.until(() => model.connections.length === 2);
    expect(model.connections[1]?.request.messages.flatMap((m) => m.parts).map((p) => p.type)).toEqual(['tool-call']);
    slowAck.open();
    await model.until(() => model.connections[1]?.toolResults.length === 1);
    expect(model.connections[1]?.toolResults[0]?.map((r) => r.toolCallId)).toEqual(['q1']);
    await model.settle();
    expect(model.toolResultCalls).toHaveLength(2); // once per connection, never twice on one
    await agent.stop();
  });
});

describe('BidiAgent reconnect and a send that never settles', () => {
  it('results whose send hangs on a replaced connection are delivered on the new one at once, and only once', async () => {
    const clock = new ManualClock();
    const hung = gate();
    const model = new ScriptedBidiModel({
      clock,
      onToolResults: async (_results, connection) => {
        if (connection.index === 0) await hung.promise; // a dead socket: the send neither resolves nor rejects
      },
    });
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('quick', clock, 10)] });
    await agent.start();
    model.connection.emit(bidiToolGroup([{ name: 'quick', id: 'q1' }]));
    await model.settle();
    await clock.advance(10);
    await model.until(() => model.connection.toolResults.length === 1);
    model.connection.timeOut();
    await model.until(() => model.connections.length === 2);
    await model.until(() => model.connections[1]?.toolResults.length === 1);
    expect(model.connections[1]?.toolResults[0]?.map((r) => r.toolCallId)).toEqual(['q1']);
    hung.open(); // the stale send settles late: nothing is sent again
    await model.settle();
    expect(model.connections[1]?.toolResults).toHaveLength(1);
    expect(model.toolResultCalls).toHaveLength(2);
    await agent.stop();
  });
});

describe('BidiAgent reconnect after a failed sendToolResults', () => {
  it('results whose send failed are left out of the new connection\'s replay and sent to it once', async () => {
    const clock = new ManualClock();
    let failNext = true;
    const model = new ScriptedBidiModel({
      clock,
      onToolResults: () => {
        if (!failNext) return;
        failNext = false;
        throw new Error('socket closed');
      },
    });
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('quick', clock, 10)] });
    await agent.start();
    const { events } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'quick', id: 'q1' }]));
    await model.settle();
    await clock.advance(10);
    await model.until(() => model.connections.length === 2 && model.connections[1]?.toolResults.length === 1);
    expect(events.find((e) => e.type === 'connection-restart')).toMatchObject({ reason: 'connection-lost' });
    // The model gets the result once: as a sendToolResults call, not also in the replayed history.
    expect(model.connections[1]?.request.messages.flatMap((m) => m.parts).map((p) => p.type)).toEqual(['tool-call']);
    expect(model.connections[1]?.toolResults[0]?.map((r) => r.toolCallId)).toEqual(['q1']);
    await agent.stop();
  });
});

describe('BidiAgent connection timers', () => {
  it('cancels the max-duration timer of a replaced connection', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock, capabilities: { maxConnectionMs: 60_000 } });
    const agent = new BidiAgent({ model, clock, reconnect: { marginMs: 0 } });
    await agent.start();
    expect(clock.pending).toBe(1);
    model.connection.timeOut();
    await model.until(() => model.connections.length === 2);
    expect(clock.pending).toBe(1); // only the new connection's timer
    await agent.stop();
    expect(clock.pending).toBe(0);
  });
});
