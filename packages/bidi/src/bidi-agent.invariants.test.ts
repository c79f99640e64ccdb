// Seeded, deterministic scenarios mixing tool groups (slow, fast, unknown tools, invalid JSON,
// end_conversation), responses, barge-ins, time-outs, go-aways, dropped connections and failing
// sendToolResults calls, checking the invariants users rely on after each run.
import { describe, expect, it } from 'vitest';
import { ManualClock, ScriptedBidiModel, bidiResponseEvents, bidiToolGroup } from '@tandem/core/testing';
import type { Message } from '@tandem/core/spec';
import { BidiAgent } from './bidi-agent.js';
import { collect, endConversation, sleepTool } from './__fixtures__/test-kit.js';

/** mulberry32: a tiny seeded PRNG, so every scenario is reproducible from its seed. */
function prng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPS = ['group', 'group', 'respond', 'open', 'barge', 'end-response', 'advance', 'advance', 'timeout', 'go-away', 'drop', 'fail-send', 'send'] as const;

function resultIds(messages: readonly Message[]): string[] {
  return messages.flatMap((m) => m.parts).flatMap((p) => (p.type === 'tool-result' ? [p.toolCallId] : []));
}

function callIds(messages: readonly Message[]): string[] {
  return messages.flatMap((m) => m.parts).flatMap((p) => (p.type === 'tool-call' ? [p.toolCallId] : []));
}

/** Runs one scenario; returns the broken invariants (empty when all hold). */
async function scenario(seed: number, nativeAsyncTools: boolean, withEnd: boolean): Promise<string[]> {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const clock = new ManualClock();
  let failingSends = 0;
  const model = new ScriptedBidiModel({
    clock,
    capabilities: { nativeAsyncTools },
    onToolResults: () => {
      if (failingSends === 0) return;
      failingSends--;
      throw new Error('send failed');
    },
  });
  const tools = [endConversation, sleepTool('t10', clock, 10), sleepTool('t50', clock, 50), sleepTool('t200', clock, 200)];
  const agent = new BidiAgent({ model, clock, tools, reconnect: { maxAttempts: 5, initialDelayMs: 5 } });
  await agent.start();
  const { events, done } = collect(agent);
  const groups: string[] = [];
  const kinds = withEnd ? ['t10', 't50', 't200', 'nope', 'bad-json', 'end_conversation'] : ['t10', 't50', 't200', 'nope', 'bad-json'];
  let openResponse: string | undefined;
  let ids = 0;
  for (let step = 0; step < 40 && agent.running; step++) {
    const connection = model.connection;
    const usable = !connection.finished && !connection.closed;
    const op = pick(OPS);
    if (op === 'advance') await clock.advance(Math.floor(random() * 100));
    else if (op === 'fail-send') failingSends++;
    else if (usable && op === 'group') {
      const calls = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        const id = `c${String(++ids)}`;
        const kind = pick(kinds);
        return kind === 'bad-json' ? { name: 't10', id, toolArgs: '{oops' } : { name: kind, id };
      });
      groups.push(calls.map((call) => call.id).join());
      connection.emit(bidiToolGroup(calls));
    } else if (usable && op === 'respond' && openResponse === undefined) connection.respond('OK.', { audioChunks: 2 });
    else if (usable && op === 'open' && openResponse === undefined) {
      openResponse = `r${String(++ids)}`;
      connection.emit(...bidiResponseEvents('Hmm', { open: true, responseId: openResponse, audioChunks: 1 }));
    } else if (usable && op === 'barge') connection.emit({ type: 'barge-in', ...(openResponse === undefined ? {} : { responseId: openResponse }) });
    else if (usable && op === 'end-response' && openResponse !== undefined) {
      connection.emit({ type: 'response-end', responseId: openResponse, stopReason: 'interrupted' });
      openResponse = undefined;
    } else if (usable && op === 'timeout') connection.timeOut();
    else if (usable && op === 'go-away') connection.goAway({ timeLeftMs: 30 });
    else if (usable && op === 'drop') connection.drop();
    else if (usable && op === 'send') void agent.send('Hi').catch(() => undefined);
    await model.settle(5);
    if (model.connection !== connection || model.connection.finished) openResponse = undefined;
  }
  failingSends = 0;
  for (let round = 0; round < 10 && agent.running; round++) {
    const connection = model.connection;
    if (openResponse !== undefined && !connection.finished && !connection.closed) {
      connection.emit({ type: 'response-end', responseId: openResponse, stopReason: 'complete' });
    }
    openResponse = undefined;
    await clock.advance(300);
    await model.settle(10);
  }

  const broken: string[] = [];
  const recorded = resultIds(agent.messages);
  if ([...callIds(agent.messages)].sort().join() !== [...recorded].sort().join()) broken.push('a call without exactly one result');
  for (const connection of model.connections) {
    const replayed = resultIds(connection.request.messages);
    const sent = connection.toolResults.flatMap((call) => call.map((result) => result.toolCallId));
    if (new Set([...replayed, ...sent]).size !== replayed.length + sent.length) broken.push(`connection ${String(connection.index)} got a result twice`);
    for (const call of connection.toolResults) {
      if (!groups.includes(call.map((result) => result.toolCallId).join())) broken.push('a sendToolResults call that is not one whole group');
    }
  }
  const last = model.connection;
  if (agent.running && !last.finished && !last.closed) {
    const delivered = new Set([...resultIds(last.request.messages), ...last.toolResults.flatMap((call) => call.map((r) => r.toolCallId))]);
    if (recorded.some((id) => !delivered.has(id))) broken.push('a recorded result never reached the current connection');
  }
  const endedByTool = !agent.running;
  await agent.stop();
  await done;
  const closes = events.filter((event) => event.type === 'connection-close');
  if (closes.length !== 1 || events.at(-1)?.type !== 'connection-close') broken.push('connection-close is not the one last event');
  const close = closes[0];
  if (endedByTool && close?.type === 'connection-close' && close.reason !== 'user-request' && close.reason !== 'error') {
    broken.push(`ended with ${close.reason}`);
  }
  if (clock.pending !== 0) broken.push('timers left behind');
  return broken;
}

describe('BidiAgent invariants under seeded random scenarios', () => {
  const cases = [
    { name: 'native async tools', native: true, withEnd: false },
    { name: 'results held until the response ends', native: false, withEnd: false },
    { name: 'with end_conversation', native: true, withEnd: true },
  ];
  for (const { name, native, withEnd } of cases) {
    it(`${name}: one result per call, one whole group per sendToolResults, once per connection, close last`, async () => {
      const failures: string[] = [];
      for (let seed = 1; seed <= 80; seed++) {
        const broken = await scenario(seed, native, withEnd);
        if (broken.length > 0) failures.push(`seed ${String(seed)}: ${broken.join('; ')}`);
      }
      expect(failures).toEqual([]);
    }, 30_000);
  }
});
