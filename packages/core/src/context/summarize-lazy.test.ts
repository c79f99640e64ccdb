import { describe, expect, it, vi } from 'vitest';
import { Agent } from '../agent/agent.js';
import { TandemError } from '../spec/errors/tandem-error.js';
import { summarize } from './summarize.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse } from '../testing/responses.js';
import { memorySessionStore } from '../session/memory-session-store.js';
import { wordsMessage } from '../__fixtures__/context-info.js';
import type { Message } from '../spec/message/v1/message.js';

// The summary writer fails to load until the test lets it (a browser that cannot fetch the chunk, then can).
const chunk = vi.hoisted(() => ({ loads: false, attempts: 0 }));
vi.mock('./write-summary.js', async (importOriginal) => {
  chunk.attempts++;
  if (!chunk.loads) throw new Error('Failed to fetch dynamically imported module: /assets/write-summary.js');
  return importOriginal();
});

function history(turns: number): Message[] {
  const messages: Message[] = [];
  for (let i = 0; i < turns; i++) messages.push(wordsMessage('user', 100, `u${i}`), wordsMessage('assistant', 100, `a${i}`));
  return messages;
}

const hasCompaction = (messages: readonly Message[]): boolean => messages.some((m) => m.parts.some((p) => p.type === 'compaction'));

describe('summarize(): the summary writer loads on demand', () => {
  it('is not loaded while the conversation is under triggerTokens; a run that must summarize but cannot load it fails with a typed error; the next one loads it and summarizes', async () => {
    const store = memorySessionStore();
    const summarizer = new ScriptedModel({ responses: [textResponse('They talked.')] });
    const context = summarize({ model: summarizer, triggerTokens: 1_000, keepRecent: 2 });

    // Short: no summary is needed, and the writer is never imported.
    await store.append('short', history(1));
    await new Agent({ session: { store, id: 'short' }, context }).run(new ScriptedModel({ responses: [textResponse('ok')] }), 'hi').result;
    expect(chunk.attempts).toBe(0);

    await store.append('long', history(10));
    const agent = new Agent({ session: { store, id: 'long' }, context });
    const model = new ScriptedModel({ responses: [textResponse('Answer.')] });
    const error = await agent.run(model, 'next').result.catch((caught: unknown) => caught);
    expect(TandemError.isInstance(error)).toBe(true);
    expect((error as TandemError).code).toBe('SUMMARY_WRITER_UNAVAILABLE');
    expect((error as TandemError).message).toMatch(/summarize\(\): loading the code that writes summaries failed: .*check that the app can fetch its chunk/);
    // Nothing was sent to either model, and no compaction was recorded.
    expect(model.requests).toHaveLength(0);
    expect(summarizer.requests).toHaveLength(0);
    expect(hasCompaction(await store.load('long'))).toBe(false);

    chunk.loads = true;
    const before = chunk.attempts;
    const result = await agent.run(model, 'again').result;
    expect(result.text).toBe('Answer.');
    // The failed import was forgotten and tried again; the summary went first.
    expect(chunk.attempts).toBeGreaterThan(before);
    expect(summarizer.requests).toHaveLength(1);
    expect(hasCompaction(await store.load('long'))).toBe(true);
  });
});
