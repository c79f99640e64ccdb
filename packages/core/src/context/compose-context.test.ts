import { describe, expect, it } from 'vitest';
import { composeContext } from './compose-context.js';
import { slidingWindow } from './sliding-window.js';
import { trimToolResults } from './trim-tool-results.js';
import { contextInfo, toolGroup } from '../__fixtures__/context-info.js';
import { userMessage } from '../messages/message-helpers.js';
import type { ContextManager } from './context-manager.js';
import type { ToolResultPart } from '../spec/message/v1/part.js';

describe('composeContext', () => {
  it('runs the managers in order, each on the previous one’s output', async () => {
    const history = [userMessage('task'), ...toolGroup(['a'], 'x'.repeat(1_000)), ...toolGroup(['b'], 'y'.repeat(1_000))];
    const view = await composeContext(trimToolResults({ maxChars: 10 }), slidingWindow({ maxMessages: 3 })).prepare(history, contextInfo());
    expect(view.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    const part = view[2]?.parts[0] as ToolResultPart;
    expect(part.toolCallId).toBe('b');
    expect(part.modelInput.type === 'text' && part.modelInput.value).toMatch(/^y{10}\n\[… 990 more/);
  });

  it('reduces with the members that can, and prepares with the others', async () => {
    const calls: string[] = [];
    const reducing: ContextManager = {
      prepare: (messages) => (calls.push('prepare-1'), messages),
      reduce: (messages) => (calls.push('reduce-1'), messages.slice(-1)),
    };
    const plain: ContextManager = { prepare: (messages) => (calls.push('prepare-2'), messages) };
    const composed = composeContext(reducing, plain);
    const reduced = await composed.reduce?.([userMessage('a'), userMessage('b')], contextInfo());
    expect(calls).toEqual(['reduce-1', 'prepare-2']);
    expect(reduced).toHaveLength(1);
    expect(composeContext(plain).reduce).toBeUndefined();
  });

  it('throws a TypeError naming an argument that is not a manager', () => {
    expect(() => composeContext(slidingWindow(), {} as ContextManager)).toThrow(/argument 2 is not a context manager/);
  });
});
