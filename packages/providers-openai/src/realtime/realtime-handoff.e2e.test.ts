// Voice handoffs on openai.realtime against the loopback Realtime server: the wire shows the new
// instructions and tools (session.update on the same socket; a reconnect when the voice must change after
// audio), and a result of the previous agent's still-running tool is delivered once, to the new agent.
import { BidiAgent, type BidiEvent, type BidiHandoffTarget } from '@tandem/bidi';
import type { FunctionTool } from '@tandem/core';
import { ManualClock } from '@tandem/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAI } from '../openai-provider.js';
import type { ConversationItem, Responder } from './realtime-simulator.test-helper.js';
import { RealtimeTestServer, type RealtimeTestConnection } from './realtime-test-server.test-helper.js';

let server: RealtimeTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const openaiAt = (url: string) => createOpenAI({ apiKey: 'sk-rt-handoff-000000', baseURL: `${url}/v1` });

function slowSearch(clock: ManualClock): FunctionTool {
  return {
    kind: 'function',
    name: 'search_restaurants',
    description: 'Finds restaurants.',
    inputSchema: { type: 'object', properties: {} },
    async execute(_input, ctx) {
      await clock.sleep(3_000, ctx.signal);
      return 'Three places near you.';
    },
  };
}

const bookTable: FunctionTool = { kind: 'function', name: 'book_table', description: 'Books a table.', inputSchema: { type: 'object', properties: {} }, execute: () => 'Booked.' };

function booking(voice?: string): BidiHandoffTarget {
  return { name: 'booking', description: 'Books tables.', system: 'You are the booking desk.', tools: [bookTable], ...(voice === undefined ? {} : { voice }) };
}

function userText(item: ConversationItem | undefined): string {
  if (item?.type !== 'message' || item.role !== 'user') return '';
  return (item.content as { text?: string }[]).map((part) => part.text ?? '').join('');
}

/** Searches on "restaurants", transfers on "book"; narrates each result. */
const responder: Responder = ({ items }) => {
  const last = items.at(-1);
  if (last?.type === 'function_call_output') return { text: `Noted: ${String(last.output)}` };
  const text = userText(last);
  if (text.includes('restaurants')) return { calls: [{ name: 'search_restaurants', arguments: '{}', callId: 'call_search' }] };
  if (text.includes('book')) return { calls: [{ name: 'transfer_to_booking', arguments: '{}', callId: 'call_transfer' }] };
  return { text: 'Hello, concierge here.' };
};

function watch(agent: BidiAgent) {
  const events: BidiEvent[] = [];
  const waiters: { predicate: () => boolean; resolve: () => void }[] = [];
  const done = (async () => {
    for await (const event of agent.receive()) {
      events.push(event);
      for (const waiter of waiters.filter((w) => w.predicate())) waiter.resolve();
    }
  })();
  const until = (predicate: () => boolean): Promise<void> => (predicate() ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ predicate, resolve })));
  return { events, done, until };
}

const outputs = (client: RealtimeTestConnection): string[] =>
  client.received.filter((e) => e.type === 'conversation.item.create' && (e.item as { type: string }).type === 'function_call_output').map((e) => (e.item as { call_id: string }).call_id);
const toolNames = (session: { [key: string]: unknown } | undefined): string[] => ((session?.tools ?? []) as { name: string }[]).map((tool) => tool.name);

describe('voice handoffs through openai.realtime (loopback WebSocket)', () => {
  it('a handoff is a session.update on the same socket (new instructions and tools); the running search is answered once, after it', async () => {
    server = await RealtimeTestServer.start({ responder });
    const clock = new ManualClock();
    const agent = new BidiAgent({
      lateResultNote: false,
      clock,
      name: 'concierge',
      model: openaiAt(server.url).realtime('gpt-realtime'),
      system: 'You are the concierge.',
      tools: [slowSearch(clock)],
      handoffs: [booking()],
    });
    await agent.start();
    const client = await server.nextConnection();
    const { events, done, until } = watch(agent);
    expect(toolNames(client.simulator?.updates[0])).toEqual(['search_restaurants', 'transfer_to_booking']);
    await agent.send('Find restaurants nearby.');
    await until(() => events.some((e) => e.type === 'tool-start' && e.toolName === 'search_restaurants'));
    await agent.send('Please book one.');
    await until(() => events.some((e) => e.type === 'handoff'));
    await client.waitUntil(() => outputs(client).includes('call_transfer'));
    const live = client.simulator?.updates[1];
    expect(live).toMatchObject({ instructions: 'You are the booking desk.' });
    expect(toolNames(live)).toEqual(['book_table']);
    // The session.update went out before the transfer's result.
    const updateAt = client.received.findIndex((e, i) => e.type === 'session.update' && i > 0);
    const outputAt = client.received.findIndex((e) => e.type === 'conversation.item.create' && (e.item as { call_id?: string }).call_id === 'call_transfer');
    expect(updateAt).toBeGreaterThan(0);
    expect(updateAt).toBeLessThan(outputAt);

    await clock.advance(3_000);
    await client.waitUntil(() => outputs(client).includes('call_search'));
    await until(() => events.some((e) => e.type === 'transcript' && e.delta.includes('Three places')));
    await agent.stop();
    await done;
    expect(server.connections).toHaveLength(1);
    expect(outputs(client)).toEqual(['call_transfer', 'call_search']);
    expect(client.simulator?.errors).toEqual([]);
    expect(events.find((e) => e.type === 'handoff')).toMatchObject({ from: 'concierge', to: 'booking', toolCallId: 'call_transfer' });
    expect(events.flatMap((e) => (e.type === 'tool-call-result' && e.parentToolCallId === undefined && e.results[0]?.toolCallId === 'call_search' ? [e.agentName] : []))).toEqual(['booking']);
  });

  it('a handoff to another voice after the session spoke: a reconnect whose session.update has the new voice, instructions and tools; the search result goes once, to the new socket', async () => {
    server = await RealtimeTestServer.start({ responder });
    const clock = new ManualClock();
    const agent = new BidiAgent({
      lateResultNote: false,
      clock,
      name: 'concierge',
      model: openaiAt(server.url).realtime('gpt-realtime', { voice: 'alloy' }),
      system: 'You are the concierge.',
      tools: [slowSearch(clock)],
      handoffs: [booking('marin')],
    });
    await agent.start();
    const first = await server.nextConnection();
    const { events, done, until } = watch(agent);
    await agent.send('Hello!');
    await until(() => events.some((e) => e.type === 'audio'));
    await until(() => events.some((e) => e.type === 'response-complete'));
    await agent.send('Find restaurants nearby.');
    await until(() => events.some((e) => e.type === 'tool-start' && e.toolName === 'search_restaurants'));
    await agent.send('Please book one.');
    const second = await server.connectionAt(1);
    await second.waitUntil(() => outputs(second).includes('call_transfer'));
    expect(second.simulator?.updates[0]).toMatchObject({ instructions: 'You are the booking desk.', audio: { output: { voice: 'marin' } } });
    expect(toolNames(second.simulator?.updates[0])).toEqual(['book_table']);
    // The history was replayed: the user turns and the concierge's calls.
    expect(second.received.filter((e) => e.type === 'conversation.item.create' && (e.item as { type: string }).type === 'function_call').length).toBeGreaterThanOrEqual(2);

    await clock.advance(3_000);
    await second.waitUntil(() => outputs(second).includes('call_search'));
    await agent.stop();
    await done;
    expect(outputs(first)).toEqual([]);
    expect(outputs(second)).toEqual(['call_transfer', 'call_search']);
    expect(events.find((e) => e.type === 'connection-restart')).toMatchObject({ reason: 'handoff' });
    expect(events.find((e) => e.type === 'warning')).toMatchObject({ code: 'live-update-refused' });
  });

  it('update({ system, tools }) is one session.update on the same socket with the new instructions and tools', async () => {
    server = await RealtimeTestServer.start({ responder });
    const clock = new ManualClock();
    const agent = new BidiAgent({ lateResultNote: false, clock, model: openaiAt(server.url).realtime('gpt-realtime'), system: 'You are the concierge.', tools: [slowSearch(clock)] });
    await agent.start();
    const client = await server.nextConnection();
    await agent.update({ system: 'You are the booking desk.', tools: [bookTable] });
    await client.waitUntil(() => (client.simulator?.updates.length ?? 0) === 2);
    expect(client.simulator?.updates[1]).toMatchObject({ instructions: 'You are the booking desk.' });
    expect(toolNames(client.simulator?.updates[1])).toEqual(['book_table']);
    expect(client.simulator?.session).toMatchObject({ instructions: 'You are the booking desk.' });
    await agent.stop();
    expect(server.connections).toHaveLength(1);
    expect(client.simulator?.errors).toEqual([]);
  });
});
