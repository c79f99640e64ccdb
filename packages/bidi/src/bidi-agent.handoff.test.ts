// Voice handoffs: transfer_to_<name> tools switch instructions, tools and voice mid-call without
// dropping it, emit `handoff`, and every call — the previous agent's still-running ones included — is
// answered exactly once, to the new agent.
import { describe, expect, it } from 'vitest';
import { handoff, memorySessionStore, type HandoffContext } from '@tandem/core';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents, bidiToolGroup } from '@tandem/core/testing';
import { BidiAgent } from './bidi-agent.js';
import type { BidiHandoffTarget } from './handoff/bidi-handoff-target.js';
import { collect, sleepTool } from './__fixtures__/test-kit.js';

function booking(clock: ManualClock): BidiHandoffTarget {
  return {
    name: 'booking',
    description: 'Books tables once the guest has chosen.',
    system: 'You book tables.',
    tools: [sleepTool('book_table', clock, 10, 'booked')],
    voice: 'marin',
  };
}

describe('BidiAgent handoffs', () => {
  it('the model sees transfer_to_<name> tools described by the target', async () => {
    const model = new ScriptedBidiModel();
    const agent = new BidiAgent({ model, name: 'concierge', handoffs: [booking(new ManualClock())] });
    await agent.start();
    expect(model.connection.request.tools).toEqual([
      expect.objectContaining({ kind: 'function', name: 'transfer_to_booking', description: 'Books tables once the guest has chosen.' }),
    ]);
    await agent.stop();
  });

  it('live update: session update to the target, handoff event, agentName after it; a still-running call of the previous agent is answered once, after the switch', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock, capabilities: { liveUpdate: true } });
    const agent = new BidiAgent({
      model,
      clock,
      name: 'concierge',
      system: 'You find restaurants.',
      voice: 'alloy',
      tools: [sleepTool('search', clock, 1000, 'three places')],
      handoffs: [booking(clock)],
    });
    await agent.start();
    const { events } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'search', id: 's1' }]));
    await model.settle();
    model.connection.emit(bidiToolGroup([{ name: 'transfer_to_booking', id: 'h1' }]));
    await model.until(() => model.toolResultCalls.length === 1);

    expect(model.connections).toHaveLength(1); // the call was not dropped
    expect(model.connection.updates).toEqual([
      { system: 'You book tables.', tools: [expect.objectContaining({ name: 'book_table' })], voice: 'marin' },
    ]);
    const handoffEvent = events.find((e) => e.type === 'handoff');
    expect(handoffEvent).toMatchObject({ from: 'concierge', to: 'booking', toolCallId: 'h1', agentName: 'concierge' });
    expect(model.toolResultCalls[0]).toEqual([expect.objectContaining({ toolCallId: 'h1', result: 'Transferred to booking.' })]);
    // The update went out before the results, so the new agent answers them.
    const order = model.log.filter((entry) => entry.type === 'update' || entry.type === 'tool-results').map((entry) => entry.type);
    expect(order).toEqual(['update', 'tool-results']);

    await clock.advance(1000);
    await model.until(() => model.toolResultCalls.length === 2);
    expect(model.toolResultCalls[1]).toEqual([expect.objectContaining({ toolCallId: 's1', result: 'three places' })]);
    expect(events.filter((e) => e.type === 'tool-group-complete').at(-1)?.agentName).toBe('booking');
    // The new agent's tools run.
    model.connection.emit(bidiToolGroup([{ name: 'book_table', id: 'b1' }]));
    await clock.advance(10);
    await model.until(() => model.toolResultCalls.length === 3);
    expect(model.toolResultCalls[2]?.[0]).toMatchObject({ toolCallId: 'b1', status: 'success', result: 'booked' });
    await agent.stop();
    const ids = model.toolResultCalls.flat().map((result) => result.toolCallId);
    expect(ids).toEqual(['h1', 's1', 'b1']);
  });

  it('without live updates: a reconnect with the target setup and the history; undelivered results follow once on the new connection', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock });
    const agent = new BidiAgent({ model, clock, name: 'concierge', tools: [sleepTool('search', clock, 1000, 'three places')], handoffs: [booking(clock)] });
    await agent.start();
    const { events } = collect(agent);
    await agent.send('Find me a table and book it');
    model.connection.emit(bidiToolGroup([{ name: 'search', id: 's1' }]));
    await model.settle();
    model.connection.emit(bidiToolGroup([{ name: 'transfer_to_booking', id: 'h1' }]));
    await model.until(() => model.connections.length === 2 && model.toolResultCalls.length === 1);
    const [first, second] = model.connections;
    expect(events.find((e) => e.type === 'connection-restart')).toMatchObject({ reason: 'handoff' });
    expect(second?.request).toMatchObject({ system: 'You book tables.', voice: 'marin', tools: [expect.objectContaining({ name: 'book_table' })] });
    expect(second?.request.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(first?.toolResults).toEqual([]);
    expect(second?.toolResults).toEqual([[expect.objectContaining({ toolCallId: 'h1' })]]);
    await clock.advance(1000);
    await model.until(() => model.toolResultCalls.length === 2);
    expect(second?.toolResults.map((call) => call.map((r) => r.toolCallId))).toEqual([['h1'], ['s1']]);
    await agent.stop();
  });

  it('two handoffs in one response: the first in call order transfers, the other gets an error result', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock, capabilities: { liveUpdate: true } });
    const billing: BidiHandoffTarget = { name: 'billing', description: 'Invoices.', system: 'You handle invoices.' };
    const agent = new BidiAgent({ model, clock, name: 'router', handoffs: [booking(clock), billing] });
    await agent.start();
    const { events } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'transfer_to_billing', id: 'first' }, { name: 'transfer_to_booking', id: 'second' }]));
    await model.until(() => model.toolResultCalls.length === 1);
    const [first, second] = model.toolResultCalls[0] ?? [];
    expect(first).toMatchObject({ toolCallId: 'first', status: 'success', result: 'Transferred to billing.' });
    expect(second).toMatchObject({ toolCallId: 'second', status: 'error' });
    expect(String(second?.result)).toContain('transfer_to_billing was called first');
    expect(events.filter((e) => e.type === 'handoff')).toEqual([expect.objectContaining({ from: 'router', to: 'billing' })]);
    expect(model.connection.updates.at(-1)).toMatchObject({ system: 'You handle invoices.' });
    await agent.stop();
  });

  it('a BidiAgent target brings its own model, tools and handoffs; handoff() sets the tool name; onHandoff runs once', async () => {
    const clock = new ManualClock();
    const front = new ScriptedBidiModel({ clock, provider: 'front' });
    const back = new ScriptedBidiModel({ clock, provider: 'back' });
    const seen: HandoffContext[] = [];
    const concierge = new BidiAgent({ model: front, clock, name: 'concierge', system: 'Find places.' });
    const bookingAgent = new BidiAgent({
      model: back,
      name: 'booking',
      description: 'Books tables.',
      system: 'You book tables.',
      tools: [sleepTool('book_table', clock, 10)],
      handoffs: [concierge],
    });
    const entry = new BidiAgent({
      model: front,
      clock,
      name: 'concierge',
      system: 'Find places.',
      handoffs: [handoff(bookingAgent, { toolName: 'book_it', onHandoff: (ctx) => void seen.push(ctx as HandoffContext) })],
    });
    await entry.start();
    const { events } = collect(entry);
    front.connection.emit(bidiToolGroup([{ name: 'book_it', id: 'h1' }]));
    await back.until(() => back.connections.length === 1 && back.toolResultCalls.length === 1);
    expect(back.connection.request.system).toBe('You book tables.');
    expect(back.connection.request.tools.map((t) => (t.kind === 'function' ? t.name : t.id))).toEqual(['book_table', 'transfer_to_concierge']);
    expect(back.toolResultCalls[0]?.[0]).toMatchObject({ toolCallId: 'h1', result: 'Transferred to booking.' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ from: 'concierge', to: 'booking', toolCallId: 'h1' });
    // ...and back again: the concierge's setup on its model.
    back.connection.emit(bidiToolGroup([{ name: 'transfer_to_concierge', id: 'h2' }]));
    await front.until(() => front.connections.length === 2 && front.toolResultCalls.length === 1);
    expect(front.connection.request.system).toBe('Find places.');
    expect(events.filter((e) => e.type === 'handoff').map((e) => (e.type === 'handoff' ? `${e.from}>${e.to}` : ''))).toEqual(['concierge>booking', 'booking>concierge']);
    await entry.stop();
  });

  it('an onHandoff that throws: the call gets an error result and no switch is made', async () => {
    const clock = new ManualClock();
    const model = new ScriptedBidiModel({ clock, capabilities: { liveUpdate: true } });
    const agent = new BidiAgent({
      model,
      clock,
      handoffs: [handoff(booking(clock), { onHandoff: () => { throw new Error('booking desk closed'); } })],
    });
    await agent.start();
    const { events } = collect(agent);
    model.connection.emit(bidiToolGroup([{ name: 'transfer_to_booking', id: 'h1' }]));
    await model.until(() => model.toolResultCalls.length === 1);
    expect(model.toolResultCalls[0]?.[0]).toMatchObject({ status: 'error' });
    expect(String(model.toolResultCalls[0]?.[0]?.result)).toContain('booking desk closed');
    expect(model.connection.updates).toEqual([]);
    expect(events.some((e) => e.type === 'handoff')).toBe(false);
    model.connection.emit(...bidiResponseEvents('Sorry.'));
    await model.until(() => events.some((e) => e.type === 'response-complete'));
    expect(events.find((e) => e.type === 'response-complete')?.agentName).toBe('agent');
    await agent.stop();
  });
});

describe('BidiAgent handoffs to agents on an equal model', () => {
  it('a BidiAgent target whose model has the same provider and id keeps the live session (no reconnect)', async () => {
    const clock = new ManualClock();
    const options = { clock, provider: 'acme.realtime', modelId: 'voice-1', capabilities: { liveUpdate: true } };
    const front = new ScriptedBidiModel(options);
    const booking = new BidiAgent({ model: new ScriptedBidiModel(options), name: 'booking', system: 'You book tables.' });
    const agent = new BidiAgent({ model: front, clock, handoffs: [booking] });
    await agent.start();
    front.connection.emit(bidiToolGroup([{ name: 'transfer_to_booking', id: 'h1' }]));
    await front.until(() => front.toolResultCalls.length === 1);
    expect(front.connections).toHaveLength(1);
    expect(front.connection.updates).toEqual([expect.objectContaining({ system: 'You book tables.' })]);
    await agent.stop();
  });
});

describe('BidiAgent handoffs across conversations', () => {
  it('a later conversation — the same agent, or a new process on the session — continues with the agent the call was handed to', async () => {
    const clock = new ManualClock();
    const store = memorySessionStore();
    const model = new ScriptedBidiModel({ clock, capabilities: { liveUpdate: true } });
    const make = () => new BidiAgent({ model, clock, name: 'concierge', system: 'Find places.', session: { store, id: 'call-1' }, handoffs: [booking(clock)] });
    const agent = make();
    await agent.start();
    model.connection.emit(bidiToolGroup([{ name: 'transfer_to_booking', id: 'h1' }]));
    await model.until(() => model.toolResultCalls.length === 1);
    await agent.stop();

    await agent.start();
    expect(model.connection.request).toMatchObject({ system: 'You book tables.', voice: 'marin' });
    const { events } = collect(agent);
    model.connection.emit(...bidiResponseEvents('Booking desk.'));
    await model.until(() => events.some((e) => e.type === 'response-complete'));
    expect(events.find((e) => e.type === 'response-complete')?.agentName).toBe('booking');
    await agent.stop();

    const restarted = make();
    await restarted.start();
    expect(model.connection.request.system).toBe('You book tables.');
    expect(model.connection.request.tools.map((t) => (t.kind === 'function' ? t.name : ''))).toEqual(['book_table']);
    await restarted.stop();
  });
});
