// Result delivery across connection generations: each group reaches the model once, in call order,
// even when the connection it was handed to is replaced mid-send.
import { describe, expect, it } from 'vitest';
import { ManualClock, ScriptedBidiModel, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import { gate, sleepTool } from './__fixtures__/test-kit.js';

describe('BidiAgent result delivery across reconnects', () => {
  it('results in flight on a connection being replaced are re-sent once on the new one; the stale send is ignored', async () => {
    const clock = new ManualClock();
    const stuck = gate();
    const model = new ScriptedBidiModel({
      clock,
      onToolResults: (_results, connection) => (connection.index === 0 ? stuck.promise.then(() => undefined) : undefined),
    });
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('quick', clock, 10)] });
    await agent.start();
    model.connection.emit(bidiToolGroup([{ name: 'quick', id: 'q1' }]));
    await clock.advance(10);
    await model.until(() => model.toolResultCalls.length === 1); // handed to connection 0, never acknowledged
    model.connection.timeOut();
    await model.until(() => model.connections.length === 2 && model.toolResultCalls.length === 2);
    stuck.open();
    await model.settle();
    expect(model.connections[1]?.toolResults.map((call) => call.map((r) => r.toolCallId))).toEqual([['q1']]);
    expect(model.toolResultCalls).toHaveLength(2);
    const replayed = model.connections[1]?.request.messages.flatMap((m) => m.parts).map((p) => p.type);
    expect(replayed).toEqual(['tool-call']); // the replay left the result out: it is sent instead
    await agent.stop();
  });

  it('a user turn sent to a connection that was replaced meanwhile is re-sent to the new one, once', async () => {
    const clock = new ManualClock();
    const stuck = gate();
    const model = new ScriptedBidiModel({
      clock,
      onInput: (_input, connection) => (connection.index === 0 ? stuck.promise.then(() => undefined) : undefined),
    });
    const agent = new BidiAgent({ model, clock });
    await agent.start();
    const sending = agent.send('Book a table for two.');
    await model.until(() => model.inputs.length === 1);
    model.connection.timeOut();
    stuck.open();
    await sending;
    await model.until(() => model.connections.length === 2);
    await model.settle();
    const second = model.connections[1];
    const sentOrReplayed = [
      ...(second?.inputs ?? []).map((input) => (input.type === 'text' ? input.text : input.type)),
      ...(second?.request.messages ?? []).flatMap((m) => m.parts).map((p) => (p.type === 'text' ? p.text : p.type)),
    ];
    expect(sentOrReplayed).toEqual(['Book a table for two.']);
    await agent.stop();
  });

  it('groups finished while disconnected go in finish order, each in call order', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const tools = [sleepTool('slow', clock, 300), sleepTool('fast', clock, 100), sleepTool('mid', clock, 200)];
    const agent = new BidiAgent({ model, clock, tools, reconnect: { initialDelayMs: 1_000 } });
    await agent.start();
    model.connection.emit(bidiToolGroup([{ name: 'slow', id: 'g1a' }, { name: 'fast', id: 'g1b' }]));
    model.connection.emit(bidiToolGroup([{ name: 'mid', id: 'g2a' }, { name: 'fast', id: 'g2b' }]));
    await model.settle();
    model.failNextConnect(new Error('503'));
    model.connection.drop(new Error('socket reset'));
    await model.settle();
    await clock.advance(300); // both groups finish while there is no connection: g2 first
    await clock.advance(700);
    await model.until(() => model.toolResultCalls.length === 2);
    expect(model.toolResultCalls.map((call) => call.map((r) => r.toolCallId))).toEqual([
      ['g2a', 'g2b'],
      ['g1a', 'g1b'],
    ]);
    await agent.stop();
  });

  it('cancel({ afterCurrentTools, message }): the message is the final message, after the last group settled', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, tools: [sleepTool('slow', clock, 300), sleepTool('fast', clock, 100)] });
    const running = agent.run();
    await model.until(() => model.connections.length === 1);
    model.connection.emit(bidiToolGroup([{ name: 'slow', id: 's1' }]));
    model.connection.emit(bidiToolGroup([{ name: 'fast', id: 'f1' }]));
    await model.settle();
    agent.cancel({ afterCurrentTools: true, message: 'Goodbye!' });
    await clock.advance(100);
    await model.settle();
    expect(agent.running).toBe(true);
    await clock.advance(200);
    const result = await running;
    expect(result.reason).toBe('user-request');
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', parts: [{ type: 'text', text: 'Goodbye!' }] });
    expect(result.messages.slice(-3, -1).map((m) => m.role)).toEqual(['tool', 'tool']);
    expect(model.toolResultCalls).toHaveLength(0); // the end came first: no results went to the model
  });
});
