// Voice handoffs and live updates on google.live against the loopback Gemini Live server: Gemini Live has
// no live update, so a handoff is a reconnect whose setup carries the new instructions, tools and voice,
// with the history seeded; the previous agent's still-running call is answered once, on the new socket.
import { BidiAgent } from '@tandem/bidi';
import type { FunctionTool } from '@tandem/core';
import { ManualClock } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGoogle } from '../google-provider.js';
import { count, recordAgent, spokenAnswer } from './agent-log.test-helper.js';
import { LiveTestServer, type LiveClientMessage } from './live-test-server.test-helper.js';

const MODEL = 'gemini-2.5-flash-native-audio-preview-12-2025';
let server: LiveTestServer;
beforeEach(async () => {
  server = await LiveTestServer.start();
});
afterEach(async () => {
  await server.close();
});

interface Setup {
  readonly systemInstruction?: { readonly parts: readonly { readonly text: string }[] };
  readonly generationConfig?: { readonly speechConfig?: { readonly voiceConfig?: { readonly prebuiltVoiceConfig?: { readonly voiceName?: string } } } };
  readonly tools?: readonly { readonly functionDeclarations?: readonly { readonly name: string }[] }[];
}
const setupOf = (message: LiveClientMessage | undefined): Setup => (message as { setup: Setup }).setup;
const functionNames = (setup: Setup): string[] => (setup.tools ?? []).flatMap((tool) => (tool.functionDeclarations ?? []).map((d) => d.name));
/**
 * Ids of the function responses sent: in a `toolResponse`, or — for calls made on an earlier connection,
 * which this one cannot answer with a `toolResponse` — as a call and its response in `clientContent`.
 */
const responseIds = (messages: readonly LiveClientMessage[]): string[] =>
  messages.flatMap((m) => {
    if ('toolResponse' in m) return (m.toolResponse as { functionResponses: { id: string }[] }).functionResponses.map((r) => r.id);
    if (!('clientContent' in m)) return [];
    const turns = (m.clientContent as { turns?: { parts: { functionResponse?: { id: string } }[] }[] }).turns ?? [];
    return turns.flatMap((turn) => turn.parts.flatMap((part) => (part.functionResponse === undefined ? [] : [part.functionResponse.id])));
  });

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

describe('voice handoffs through google.live (loopback Gemini Live server)', () => {
  it('a handoff reconnects with the target setup (instructions, tools, voice) and the seeded history; the running search is answered once, on the new socket', async () => {
    const clock = new ManualClock();
    const model = createGoogle({ apiKey: 'gemini-e2e-key', baseURL: `${server.url}/v1beta` }).live(MODEL, { voice: 'Puck' });
    const agent = new BidiAgent({
      lateResultNote: false,
      clock,
      model,
      name: 'concierge',
      system: 'You are the concierge.',
      tools: [slowSearch(clock)],
      handoffs: [{ name: 'booking', description: 'Books tables.', system: 'You are the booking desk.', tools: [bookTable], voice: 'Kore' }],
    });
    await agent.start();
    const log = recordAgent(agent);
    const first = await server.connection(0);
    expect(functionNames(setupOf(first.received[0]))).toEqual(['search_restaurants', 'transfer_to_booking']);

    await agent.send('Find restaurants and book one.');
    await first.waitFor(2);
    first.send({ toolCall: { functionCalls: [{ id: 'fc-search', name: 'search_restaurants', args: {} }] } }, ...spokenAnswer('Searching.'));
    await log.until((events) => count(events, 'tool-start') === 1 && count(events, 'response-complete') === 1);
    first.send({ toolCall: { functionCalls: [{ id: 'fc-transfer', name: 'transfer_to_booking', args: {} }] } }, ...spokenAnswer('One moment.'));

    const second = await server.connection(1);
    await log.until((events) => count(events, 'handoff') === 1 && count(events, 'connection-start') === 2);
    const setup = setupOf(second.received[0]);
    expect(setup.systemInstruction).toEqual({ parts: [{ text: 'You are the booking desk.' }] });
    expect(functionNames(setup)).toEqual(['book_table']);
    expect(setup.generationConfig?.speechConfig?.voiceConfig?.prebuiltVoiceConfig?.voiceName).toBe('Kore');
    // The history is seeded (clientContent turns closed by turnComplete) before anything else.
    await second.waitFor(2);
    expect(second.received[1]).toHaveProperty('clientContent');
    expect(JSON.stringify(second.received[1])).toContain('Find restaurants and book one.');

    await log.until((events) => events.some((e) => e.type === 'tool-call-result' && e.results[0]?.toolCallId === 'fc-transfer'));
    await clock.advance(3_000);
    await log.until((events) => count(events, 'tool-group-complete') === 2);
    await second.waitFor(4);
    await agent.stop();
    await log.done;
    expect(responseIds(first.received)).toEqual([]);
    expect(responseIds(second.received)).toEqual(['fc-transfer', 'fc-search']);
    expect(log.events.find((e) => e.type === 'connection-restart')).toMatchObject({ reason: 'handoff' });
    expect(log.events.find((e) => e.type === 'handoff')).toMatchObject({ from: 'concierge', to: 'booking', toolCallId: 'fc-transfer' });
  });

  it('update({ system, tools }) reconnects with the new setup and the history, without ending the conversation', async () => {
    const model = createGoogle({ apiKey: 'gemini-e2e-key', baseURL: `${server.url}/v1beta` }).live(MODEL);
    const agent = new BidiAgent({ lateResultNote: false, model, system: 'Speak English.' });
    await agent.start();
    const log = recordAgent(agent);
    const first = await server.connection(0);
    await agent.send('Hello');
    await first.waitFor(2);
    first.send(...spokenAnswer('Hi there.'));
    await log.until((events) => count(events, 'response-complete') === 1);
    await agent.update({ system: 'Speak French.', tools: [bookTable] });
    const second = await server.connection(1);
    await second.waitFor(2);
    expect(setupOf(second.received[0]).systemInstruction).toEqual({ parts: [{ text: 'Speak French.' }] });
    expect(functionNames(setupOf(second.received[0]))).toEqual(['book_table']);
    expect(JSON.stringify(second.received[1])).toContain('Hi there.');
    expect(log.events.some((e) => e.type === 'connection-close')).toBe(false);
    await agent.stop();
    await log.done;
  });
});
