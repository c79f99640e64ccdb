import { describe, expect, it } from 'vitest';
import { memorySessionStore, type AgentEvent } from '@tandem/core';
import { supportTeam } from './support-agents.js';
import { refundsGiven } from './support-tools.js';
import { triageModel } from './triage-model.js';

async function turn(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return events;
}

describe('support triage (router → billing / refunds)', () => {
  it('hands a billing question to billing, then continues there and passes the refund on, over one session', async () => {
    const { router, billing, refunds } = supportTeam();
    const model = triageModel();
    const session = { store: memorySessionStore(), id: 'customer' };
    refundsGiven.length = 0;

    const first = router.run(model, 'Hi, I was charged twice for INV-1042.', { session });
    const firstEvents = await turn(first);
    const one = await first.result;
    expect(firstEvents.filter((event) => event.type === 'handoff').map((event) => event.type === 'handoff' && `${event.from}>${event.to}`)).toEqual(['router>billing']);
    expect(one.lastAgent).toBe(billing);
    expect(one.text).toBe('INV-1042 is 49 EUR and was charged 2 times — one charge too many.');

    // The next turn is sent to the router again; the session says billing is handling it.
    const second = router.run(model, 'Can I get a refund for the extra charge on INV-1042?', { session });
    const secondEvents = await turn(second);
    const two = await second.result;
    expect(secondEvents.find((event) => event.type === 'step-start')?.agentName).toBe('billing');
    expect(secondEvents.filter((event) => event.type === 'handoff').map((event) => event.type === 'handoff' && `${event.from}>${event.to}`)).toEqual(['billing>refunds']);
    expect(two.lastAgent).toBe(refunds);
    expect(two.text).toBe('Refunded 49 EUR on INV-1042.');
    expect(refundsGiven).toEqual(['INV-1042']);
    // Every call in the stored conversation has exactly one result.
    const stored = await session.store.load('customer');
    const calls = stored.flatMap((message) => message.parts.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : [])));
    const results = stored.flatMap((message) => message.parts.flatMap((part) => (part.type === 'tool-result' ? [part.toolCallId] : [])));
    expect(results.sort()).toEqual(calls.sort());
  });

  it('answers a question that needs no specialist itself', async () => {
    const { router } = supportTeam();
    const result = await router.run(triageModel(), 'Hello?').result;
    expect(result.lastAgent).toBe(router);
    expect(result.text).toMatch(/^I can help with invoices/);
  });
});
