import { describe, expect, it } from 'vitest';
import { slidingWindow } from './sliding-window.js';
import { estimateMessageTokens } from './estimate-message-tokens.js';
import { contextInfo, toolGroup, wordsMessage } from '../__fixtures__/context-info.js';
import { systemMessage, userMessage } from '../messages/message-helpers.js';
import type { Message } from '../spec/message/v1/message.js';

function roles(messages: readonly Message[]): string {
  return messages.map((m) => (m.role === 'tool' ? `t` : m.role[0])).join('');
}

describe('slidingWindow', () => {
  const history: Message[] = [
    userMessage('task'),
    wordsMessage('assistant', 5),
    ...toolGroup(['a', 'b']),
    userMessage('more'),
    ...toolGroup(['c']),
    wordsMessage('assistant', 5),
  ];

  it('keeps the newest messages within maxMessages, plus the first user message', async () => {
    const view = await slidingWindow({ maxMessages: 4 }).prepare(history, contextInfo());
    expect(view).toEqual([history[0], ...history.slice(-3)]);
    expect(roles(view)).toBe('uata');
  });

  it('never separates a tool call from its results, even when the group alone is over the budget', async () => {
    const view = await slidingWindow({ maxMessages: 2 }).prepare([userMessage('task'), ...toolGroup(['x', 'y', 'z'])], contextInfo());
    expect(roles(view)).toBe('uattt');
  });

  it('drops whole groups: a dropped call takes all its tool messages with it', async () => {
    // Six messages would fit, but the next group (a call and two results) is three: it goes as a whole.
    const view = await slidingWindow({ maxMessages: 6 }).prepare(history, contextInfo());
    expect(roles(view)).toBe('uuata');
    expect(view).toEqual([history[0], ...history.slice(-4)]);
  });

  it('keeps system messages and does not count them', async () => {
    const view = await slidingWindow({ maxMessages: 2 }).prepare([systemMessage('rules'), ...history], contextInfo());
    expect(view[0]?.role).toBe('system');
    expect(view.filter((m) => m.role !== 'system')).toHaveLength(2);
    expect(roles(view)).toBe('sua');
  });

  it('keeps within maxTokens, dropping the oldest turns first', async () => {
    const long: Message[] = [userMessage('task')];
    for (let i = 0; i < 20; i++) long.push(wordsMessage('user', 50), wordsMessage('assistant', 50));
    const info = contextInfo();
    const view = await slidingWindow({ maxTokens: 600 }).prepare(long, info);
    expect(info.estimateTokens(view)).toBeLessThanOrEqual(600);
    expect(view[0]).toBe(long[0]);
    expect(view.at(-1)).toBe(long.at(-1));
    // Contiguous: the kept messages after the first are the newest ones.
    const rest = view.slice(1);
    expect(rest).toEqual(long.slice(long.length - rest.length));
    expect(rest.length).toBeGreaterThan(2);
  });

  it('drops the first user message only when it alone exceeds the budget', async () => {
    const huge = wordsMessage('user', 2_000);
    const list = [huge, wordsMessage('assistant', 5), userMessage('and now?')];
    const view = await slidingWindow({ maxTokens: 100 }).prepare(list, contextInfo());
    expect(view).not.toContain(huge);
    expect(view.at(-1)).toBe(list[2]);
  });

  it('uses the model’s maxInputTokens when no budget is given, and keeps everything without one', async () => {
    const long: Message[] = [userMessage('task')];
    for (let i = 0; i < 30; i++) long.push(wordsMessage('assistant', 40), wordsMessage('user', 40));
    expect(await slidingWindow().prepare(long, contextInfo())).toBe(long);
    const view = await slidingWindow().prepare(long, contextInfo({ maxInputTokens: 500 }));
    expect(estimateMessageTokens(view)).toBeLessThanOrEqual(500);
    expect(view.length).toBeLessThan(long.length);
  });

  it('leaves history alone and returns the list itself when everything fits', async () => {
    const copy = [...history];
    const view = await slidingWindow({ maxMessages: 100 }).prepare(history, contextInfo());
    expect(view).toBe(history);
    expect(history).toEqual(copy);
  });

  it('rejects invalid budgets', () => {
    expect(() => slidingWindow({ maxMessages: 0 })).toThrow(/maxMessages must be a positive integer/);
    expect(() => slidingWindow({ maxTokens: -1 })).toThrow(/maxTokens must be a positive number/);
  });
});
