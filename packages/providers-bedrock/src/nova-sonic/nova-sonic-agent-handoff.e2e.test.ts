// Voice handoffs on bedrock.novaSonic against the loopback HTTP/2 server: Nova Sonic has no live update,
// so a handoff is a new stream whose promptStart carries the new voice and tools and whose SYSTEM block
// the new instructions, with the history replayed; the previous agent's still-running call is answered
// once, on the new stream.
import { BidiAgent } from '@tandem/bidi';
import type { FunctionTool } from '@tandem/core';
import { ManualClock } from '@tandem/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectAgentEvents } from '../test-utils/agent-events.js';
import { novaSonicModel } from '../test-utils/nova-sonic-kit.js';
import { runNovaScript, type NovaScript } from '../test-utils/nova-sonic-script.js';
import { NovaSonicTestServer, type NovaServerStream } from '../test-utils/nova-sonic-server.js';

/** Typed turns drive these conversations: a model that takes them (Nova 2 Sonic). */
const NOVA_TEXT = 'amazon.nova-2-sonic-v1:0';

let server: NovaSonicTestServer;
beforeEach(async () => {
  server = await NovaSonicTestServer.start();
});
afterEach(async () => {
  await server.close();
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

/** The text blocks a stream received as `ROLE: text` (interactive ones marked with `!`). */
function textBlocks(stream: NovaServerStream): string[] {
  const blocks: string[] = [];
  const open = new Map<unknown, { label: string; text: string }>();
  for (const received of stream.received) {
    const [name, body] = Object.entries(received.event)[0]!;
    if (name === 'contentStart' && body['type'] === 'TEXT') open.set(body['contentName'], { label: `${String(body['role'])}${body['interactive'] === true ? '!' : ''}`, text: '' });
    if (name === 'textInput') open.get(body['contentName'])!.text += String(body['content']);
    if (name === 'contentEnd' && open.has(body['contentName'])) {
      const block = open.get(body['contentName'])!;
      blocks.push(`${block.label}: ${block.text}`);
      open.delete(body['contentName']);
    }
  }
  return blocks;
}

interface PromptStart {
  readonly audioOutputConfiguration: { readonly voiceId: string };
  readonly toolConfiguration?: { readonly tools: readonly { readonly toolSpec: { readonly name: string } }[] };
}
const promptStart = (stream: NovaServerStream): PromptStart => stream.named('promptStart')[0] as unknown as PromptStart;
const toolNames = (stream: NovaServerStream): string[] => (promptStart(stream).toolConfiguration?.tools ?? []).map((tool) => tool.toolSpec.name);
const toolResultIds = (stream: NovaServerStream): unknown[] => stream.named('contentStart').filter((start) => start['type'] === 'TOOL').map((start) => (start['toolResultInputConfiguration'] as { toolUseId: string }).toolUseId);

const script: NovaScript = {
  onUserText(text, turn) {
    if (text.includes('restaurants')) return [...turn.toolUse('tu-search', 'search_restaurants', {}), ...turn.assistantSentence('Searching.')];
    if (text.includes('book')) return [...turn.toolUse('tu-transfer', 'transfer_to_booking', {}), ...turn.assistantSentence('One moment.')];
    return turn.assistantSentence(`Noted.`);
  },
  onToolResult(_result, turn) {
    return turn.assistantSentence('Thanks.');
  },
};

describe('BidiAgent on bedrock.novaSonic: voice handoffs', () => {
  it('a handoff opens a new stream with the target voice, tools and instructions and the history; the running search is answered once, on it', async () => {
    const clock = new ManualClock();
    server.onStream = (stream) => runNovaScript(stream, script);
    const model = novaSonicModel(server.url, { clock, voice: 'matthew' }, NOVA_TEXT);
    const agent = new BidiAgent({
      lateResultNote: false,
      clock,
      model,
      name: 'concierge',
      system: 'You are the concierge.',
      tools: [slowSearch(clock)],
      handoffs: [{ name: 'booking', description: 'Books tables.', system: 'You are the booking desk.', tools: [bookTable], voice: 'tiffany' }],
    });
    await agent.start();
    const run = collectAgentEvents(agent);
    const first = await server.nextStream();
    await first.waitFor((received) => received.some((e) => e.event['contentStart']?.['type'] === 'AUDIO'));
    expect(toolNames(first)).toEqual(['search_restaurants', 'transfer_to_booking']);

    await agent.send('Find restaurants nearby.');
    await run.until((events) => events.some((e) => e.type === 'tool-start'));
    await run.until((events) => events.filter((e) => e.type === 'response-complete').length >= 2);
    await agent.send('Please book one.');
    await run.until((events) => events.some((e) => e.type === 'connection-start' && e.generation === 2));
    const second = await server.nextStream();
    await second.waitFor((received) => received.some((e) => e.event['contentStart']?.['type'] === 'AUDIO'));
    expect(promptStart(second).audioOutputConfiguration.voiceId).toBe('tiffany');
    expect(toolNames(second)).toEqual(['book_table']);
    expect(textBlocks(second)[0]).toBe('SYSTEM: You are the booking desk.');
    expect(textBlocks(second)).toEqual(expect.arrayContaining(['USER: Find restaurants nearby.', 'USER: Please book one.']));

    await run.until((events) => events.some((e) => e.type === 'tool-call-result' && e.results[0]?.toolCallId === 'tu-transfer'));
    await clock.advance(3_000);
    await run.until((events) => events.filter((e) => e.type === 'tool-group-complete').length === 2);
    await second.waitFor(() => textBlocks(second).filter((block) => block.includes('search_restaurants: Three places')).length === 1 || toolResultIds(second).includes('tu-search'));
    await agent.stop();
    await run.done;

    // Each result reached the model once, on the new stream (as text: the new stream never saw the calls).
    const carried = textBlocks(second).filter((block) => block.startsWith('USER!') && block.includes('Results of tools')).join('\n');
    const onSecond = (id: string, label: string): number => toolResultIds(second).filter((x) => x === id).length + (carried.includes(label) ? 1 : 0);
    expect(onSecond('tu-transfer', 'transfer_to_booking: Transferred to booking.')).toBe(1);
    expect(onSecond('tu-search', 'search_restaurants: Three places near you.')).toBe(1);
    expect(toolResultIds(first)).toEqual([]);
    expect(textBlocks(first).some((block) => block.includes('Results of tools'))).toBe(false);
    expect(run.events.find((e) => e.type === 'connection-restart')).toMatchObject({ reason: 'handoff' });
    expect(run.events.find((e) => e.type === 'handoff')).toMatchObject({ from: 'concierge', to: 'booking', toolCallId: 'tu-transfer' });
  });

  it('update({ system, voice }) opens a new stream with them and the history; the conversation goes on', async () => {
    const clock = new ManualClock();
    server.onStream = (stream) => runNovaScript(stream, script);
    const agent = new BidiAgent({ lateResultNote: false, clock, model: novaSonicModel(server.url, { clock }, NOVA_TEXT), system: 'Speak English.' });
    await agent.start();
    const run = collectAgentEvents(agent);
    await agent.send('Hello there.');
    await run.until((events) => events.some((e) => e.type === 'response-complete'));
    await agent.update({ system: 'Speak French.', voice: 'amy' });
    const first = await server.nextStream();
    const second = await server.nextStream();
    await second.waitFor((received) => received.some((e) => e.event['contentStart']?.['type'] === 'AUDIO'));
    expect(promptStart(second).audioOutputConfiguration.voiceId).toBe('amy');
    expect(textBlocks(second)).toEqual(['SYSTEM: Speak French.', 'USER: Hello there.', 'ASSISTANT: Noted.']);
    expect(run.events.find((e) => e.type === 'connection-restart')).toMatchObject({ reason: 'update' });
    await first.closed;
    await agent.send('Still there?');
    await run.until((events) => events.filter((e) => e.type === 'response-complete').length === 2);
    await agent.stop();
    await run.done;
  });
});
