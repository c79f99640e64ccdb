import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/agent.js';
import { summarize } from './summarize.js';
import { SUMMARY_INSTRUCTIONS } from './write-summary.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse } from '../testing/responses.js';
import { memorySessionStore } from '../session/memory-session-store.js';
import { toolGroup, wordsMessage } from '../__fixtures__/context-info.js';
import type { Message } from '../spec/message/v1/message.js';
import type { CompactionPart } from '../spec/message/v1/part.js';

function compactions(messages: readonly Message[]): CompactionPart[] {
  return messages.flatMap((m) => m.parts.filter((p): p is CompactionPart => p.type === 'compaction'));
}

function firstText(message: Message | undefined): string {
  const part = message?.parts[0];
  return part?.type === 'text' ? part.text : '';
}

/** Ten turns of about 200 tokens each, every message with an id, a tool group in the middle. */
function longHistory(): Message[] {
  const history: Message[] = [];
  for (let i = 0; i < 10; i++) history.push(wordsMessage('user', 100, `u${i}`), wordsMessage('assistant', 100, `a${i}`));
  const group = toolGroup(['g1', 'g2']).map((m, i) => ({ ...m, id: `g${i}` }));
  history.splice(10, 0, ...group);
  return history;
}

describe('summarize', () => {
  it('past triggerTokens, sends a summary of the older turns first, then the recent messages, and records a compaction', async () => {
    const store = memorySessionStore();
    const history = longHistory();
    await store.append('chat', history);
    const summarizer = new ScriptedModel({ responses: [textResponse('They talked about w-words.')] });
    const model = new ScriptedModel({ responses: [textResponse('Answer.')] });
    const agent = new Agent({ session: { store, id: 'chat' }, context: summarize({ model: summarizer, triggerTokens: 1_000, keepRecent: 4 }) });
    await agent.run(model, 'next question').result;

    const sent = model.requests[0]?.messages ?? [];
    expect(firstText(sent[0])).toBe('Summary of the earlier conversation:\nThey talked about w-words.');
    expect(sent.slice(1)).toEqual([...history.slice(-3), expect.objectContaining({ role: 'user' })]);
    expect(summarizer.requests[0]?.system).toBe(SUMMARY_INSTRUCTIONS);
    expect(summarizer.requests[0]?.tools).toEqual([]);
    expect(firstText(summarizer.requests[0]?.messages[0])).toContain('[called look({})]');

    const stored = await store.load('chat');
    // Append-only: every replaced message is still stored; the compaction follows the new input.
    expect(stored.slice(0, history.length)).toEqual(history);
    const [compaction] = compactions(stored);
    expect(compaction).toEqual({ type: 'compaction', summary: 'They talked about w-words.', replacesThroughMessageId: history.at(-4)?.id });
    expect(stored[history.length + 1]?.role).toBe('system');
  });

  it('after a reload, reuses the stored compaction instead of writing a new summary', async () => {
    const store = memorySessionStore();
    const history = longHistory();
    await store.append('chat', history);
    const summarizer = new ScriptedModel({ responses: [textResponse('First summary.')] });
    const context = summarize({ model: summarizer, triggerTokens: 1_000, keepRecent: 4 });
    await new Agent({ session: { store, id: 'chat' }, context }).run(new ScriptedModel({ responses: [textResponse('A.')] }), 'q1').result;

    const reloaded = new ScriptedModel({ responses: [textResponse('B.')] });
    const later = new Agent({ session: { store, id: 'chat' }, context: summarize({ model: new ScriptedModel({ responses: [] }), triggerTokens: 1_000, keepRecent: 4 }) });
    await later.run(reloaded, 'q2').result;
    const sent = reloaded.requests[0]?.messages ?? [];
    expect(firstText(sent[0])).toBe('Summary of the earlier conversation:\nFirst summary.');
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(firstText(sent.at(-1))).toBe('q2');
    expect(compactions(await store.load('chat'))).toHaveLength(1);
    expect(summarizer.requests).toHaveLength(1);
  });

  it('uses the run’s model by default, and sends everything while under the trigger', async () => {
    const model = new ScriptedModel({ responses: [textResponse('Short.'), textResponse('Summary.'), textResponse('Done.')] });
    const agent = new Agent({ context: summarize({ triggerTokens: 400, keepRecent: 2 }) });
    const first = await agent.run(model, [wordsMessage('user', 10)]).result;
    expect(model.requests[0]?.messages).toHaveLength(1);
    await agent.run(model, [...first.messages, wordsMessage('user', 300), wordsMessage('assistant', 300), wordsMessage('user', 10)]).result;
    expect(model.requests[1]?.system).toBe(SUMMARY_INSTRUCTIONS);
    expect(firstText(model.requests[2]?.messages[0])).toBe('Summary of the earlier conversation:\nSummary.');
    expect(model.requests[2]?.messages).toHaveLength(3);
  });

  it('never starts the recent messages with a tool result: the call moves with it', async () => {
    const history: Message[] = [wordsMessage('user', 400, 'u0'), ...toolGroup(['x', 'y']).map((m, i) => ({ ...m, id: `t${i}` }))];
    const model = new ScriptedModel({ responses: [textResponse('S.'), textResponse('Done.')] });
    await new Agent({ context: summarize({ triggerTokens: 100, keepRecent: 1 }) }).run(model, history).result;
    const sent = model.requests[1]?.messages ?? [];
    // The summary, then the call with every result (the agent may send a group's results as one tool message).
    expect(sent[0]?.role).toBe('user');
    expect(sent[1]?.role).toBe('assistant');
    expect(sent.slice(2).every((m) => m.role === 'tool')).toBe(true);
    const results = sent.slice(2).flatMap((m) => m.parts.flatMap((p) => (p.type === 'tool-result' ? [p.toolCallId] : [])));
    expect(results).toEqual(['x', 'y']);
  });

  it('rejects invalid options', () => {
    expect(() => summarize({ triggerTokens: 0 })).toThrow(/triggerTokens must be a positive number/);
    expect(() => summarize({ triggerTokens: 10, keepRecent: -1 })).toThrow(/keepRecent must be a non-negative integer/);
  });
});
