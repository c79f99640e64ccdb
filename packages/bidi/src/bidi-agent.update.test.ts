// bidiAgent.update(): a live session update where the vendor allows it, else a reconnect at a turn
// boundary with history replayed; results of calls still running reach the model once, after the change.
import { describe, expect, it } from 'vitest';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import { collect, sleepTool } from './__fixtures__/test-kit.js';

describe('BidiAgent.update()', () => {
  it('with a live-update model: one session update with only what changed, no reconnect', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock, capabilities: { liveUpdate: true } });
    const agent = new BidiAgent({ model, clock, system: 'Be brief.', voice: 'alloy', tools: [sleepTool('a', clock, 10)] });
    await agent.start();
    await agent.update({ system: 'Speak French.', tools: [sleepTool('b', clock, 10)] });
    expect(model.connections).toHaveLength(1);
    expect(model.connection.updates).toEqual([{ system: 'Speak French.', tools: [expect.objectContaining({ name: 'b' })] }]);
    // Tool calls now run the new tools.
    model.connection.emit(bidiToolGroup([{ name: 'b', id: 'b1' }]));
    await clock.advance(10);
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]?.[0]).toMatchObject({ toolCallId: 'b1', status: 'success' });
    await agent.stop();
  });

  it('without live updates: reconnects with the new setup and replays the history', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock, onInput: () => bidiResponseEvents('Hello.') });
    const agent = new BidiAgent({ model, clock, system: 'Be brief.' });
    await agent.start();
    const { events } = collect(agent);
    await agent.send('Hi');
    await model.until(() => events.some((e) => e.type === 'response-complete'));
    await agent.update({ system: 'Speak French.', voice: 'Kore' });
    expect(model.connections).toHaveLength(2);
    expect(model.connection.request).toMatchObject({ system: 'Speak French.', voice: 'Kore' });
    expect(model.connection.request.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(events.find((e) => e.type === 'connection-restart')).toMatchObject({ reason: 'update' });
    await agent.stop();
  });

  it('waits for the response in progress to end before reconnecting', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock });
    await agent.start();
    const { events } = collect(agent);
    const [start, ...rest] = bidiResponseEvents('A long answer.', { responseId: 'long' });
    model.connection.emit(start!);
    await model.until(() => events.some((e) => e.type === 'response-start'));
    const updated = agent.update({ system: 'New rules.' });
    await model.settle();
    expect(model.connections).toHaveLength(1);
    model.connection.emit(...rest);
    await updated;
    expect(model.connections).toHaveLength(2);
    expect(model.connection.request.system).toBe('New rules.');
    await agent.stop();
  });

  it('a new model (another provider): reconnects to it; a call still running is answered once, on the new model', async () => {
    const clock = new ManualClock();
    const first = new ScriptedBidiModel({ clock, provider: 'one' });
    const second = new ScriptedBidiModel({ clock, provider: 'two' });
    const agent = new BidiAgent({ model: first, clock, system: 'Be brief.', tools: [sleepTool('search', clock, 1000, 'three hotels')] });
    await agent.start();
    first.connection.emit(bidiToolGroup([{ name: 'search', id: 's1' }]));
    await first.settle();
    await agent.update({ model: second });
    expect(agent.model).toBe(second);
    expect(second.connections).toHaveLength(1);
    expect(first.connection.closed).toBe(true);
    // The pending call is replayed without a result; its result follows through sendToolResults.
    expect(second.connection.request.messages.flatMap((m) => m.parts).map((p) => p.type)).toEqual(['tool-call']);
    expect(second.connection.request.system).toBe('Be brief.');
    await clock.advance(1000);
    await second.until(() => second.toolResultCalls.length === 1);
    expect(second.toolResultCalls).toEqual([[expect.objectContaining({ toolCallId: 's1', result: 'three hotels' })]]);
    expect(first.toolResultCalls).toEqual([]);
    await agent.stop();
  });

  it('a live update the vendor refuses: reported as a warning, then a reconnect with the new setup', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock, capabilities: { liveUpdate: true } });
    const agent = new BidiAgent({ model, clock, voice: 'alloy' });
    await agent.start();
    const { events } = collect(agent);
    model.connection.update = () => Promise.reject(new Error('voice cannot change after audio'));
    await agent.update({ voice: 'marin' });
    expect(events.find((e) => e.type === 'warning')).toMatchObject({ code: 'live-update-refused' });
    expect(model.connections).toHaveLength(2);
    expect(model.connection.request.voice).toBe('marin');
    await agent.stop();
  });

  it('when no conversation runs, changes what the next one starts with', async () => {
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({ model, system: 'Old.' });
    await agent.update({ system: 'New.', voice: 'verse' });
    await agent.start();
    expect(model.connection.request).toMatchObject({ system: 'New.', voice: 'verse' });
    await agent.stop();
  });

  it('rejects an invalid tool list and changes nothing', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock, capabilities: { liveUpdate: true } });
    const agent = new BidiAgent({ model, clock, system: 'Keep.' });
    await agent.start();
    await expect(agent.update({ system: 'Lost.', tools: [sleepTool('x', clock, 1), sleepTool('x', clock, 1)] })).rejects.toThrow(TypeError);
    expect(model.connection.updates).toEqual([]);
    await agent.stop();
    await agent.start();
    expect(model.connection.request.system).toBe('Keep.');
    await agent.stop();
  });
});

describe('BidiAgent.update() while a response never ends', () => {
  it('reconnects after responseWaitMs when the response in progress does not end (it may wait for the held results)', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, responseWaitMs: 500 });
    await agent.start();
    const { events } = collect(agent);
    model.connection.emit(...bidiResponseEvents('Let me transfer you', { open: true, responseId: 'stuck' }));
    await model.until(() => events.some((e) => e.type === 'response-start'));
    const updated = agent.update({ system: 'Booking desk.' });
    await clock.advance(499);
    expect(model.connections).toHaveLength(1);
    await clock.advance(1);
    await updated;
    expect(model.connections).toHaveLength(2);
    expect(model.connection.request.system).toBe('Booking desk.');
    await agent.stop();
  });
});
