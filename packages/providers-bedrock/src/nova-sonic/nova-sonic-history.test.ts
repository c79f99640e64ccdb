import type { Message } from '@tandem/core/spec';
import { describe, expect, it } from 'vitest';
import { novaHistoryBlocks } from './nova-sonic-history.js';
import { splitUtf8, textBlock } from './nova-sonic-input-events.js';

const user = (text: string): Message => ({ role: 'user', parts: [{ type: 'text', text }] });
const assistant = (text: string): Message => ({ role: 'assistant', parts: [{ type: 'text', text }] });
const limits = { maxBytes: 40_960, maxMessages: 40 };

describe('Nova Sonic history replay', () => {
  it('renders tool calls and results as assistant text and merges consecutive blocks of one role', () => {
    const messages: Message[] = [
      { role: 'system', parts: [{ type: 'text', text: 'ignored: the system prompt has its own block' }] },
      user('Set a timer for 5 seconds'),
      { role: 'assistant', parts: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'set_timer', toolArgs: '{"seconds":5}' }] },
      { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'set_timer', status: 'success', result: 'done', modelInput: { type: 'json', value: { ok: true } } }] },
      assistant('Timer set.'),
      { role: 'user', parts: [{ type: 'file', mediaType: 'image/png', data: new Uint8Array(1) }] },
      user('Thanks'),
    ];
    expect(novaHistoryBlocks(messages, limits)).toEqual([
      { role: 'USER', text: 'Set a timer for 5 seconds' },
      { role: 'ASSISTANT', text: '(called set_timer with {"seconds":5})\n(set_timer returned: {"ok":true})\nTimer set.' },
      { role: 'USER', text: 'Thanks' },
    ]);
  });

  it('keeps the newest blocks within the message cap and starts with the user', () => {
    const messages = [user('u1'), assistant('a1'), user('u2'), assistant('a2'), user('u3'), assistant('a3')];
    expect(novaHistoryBlocks(messages, { maxBytes: 40_960, maxMessages: 3 })).toEqual([
      { role: 'USER', text: 'u3' },
      { role: 'ASSISTANT', text: 'a3' },
    ]);
    expect(novaHistoryBlocks(messages, { maxBytes: 40_960, maxMessages: 4 }).map((b) => b.text)).toEqual(['u2', 'a2', 'u3', 'a3']);
  });

  it('keeps the newest blocks within the byte cap; an oversized newest block keeps its end', () => {
    const messages = [user('x'.repeat(30)), assistant('y'.repeat(30)), user('z'.repeat(30)), assistant('w'.repeat(30))];
    expect(novaHistoryBlocks(messages, { maxBytes: 70, maxMessages: 40 }).map((b) => b.text)).toEqual(['z'.repeat(30), 'w'.repeat(30)]);
    expect(novaHistoryBlocks([user('ab'), user('é'.repeat(10))], { maxBytes: 9, maxMessages: 40 })).toEqual([{ role: 'USER', text: 'é'.repeat(4) }]);
    const total = novaHistoryBlocks(Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? user('q'.repeat(500)) : assistant('a'.repeat(500)))), limits);
    expect(total.reduce((sum, block) => sum + Buffer.byteLength(block.text), 0)).toBeLessThanOrEqual(40_960);
    expect(total[0]?.role).toBe('USER');
  });

  it('cuts history text into textInput events of at most 1 KB without splitting a character', () => {
    expect(splitUtf8('ab€cd', 4)).toEqual(['ab', '€c', 'd']);
    const events = textBlock('p', 'USER', 'ü'.repeat(1000), false);
    const inputs = events.filter((e) => 'textInput' in e.event).map((e) => (e.event['textInput'] as { content: string }).content);
    expect(inputs.map((text) => Buffer.byteLength(text))).toEqual([1024, 976]);
    expect(inputs.join('')).toBe('ü'.repeat(1000));
  });
});
