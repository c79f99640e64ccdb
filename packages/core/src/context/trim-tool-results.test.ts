import { describe, expect, it } from 'vitest';
import { trimToolResults } from './trim-tool-results.js';
import { contextInfo, toolGroup } from '../__fixtures__/context-info.js';
import { userMessage } from '../messages/message-helpers.js';
import type { Message } from '../spec/message/v1/message.js';
import type { ToolResultPart } from '../spec/message/v1/part.js';

function result(message: Message | undefined): ToolResultPart {
  return message?.parts[0] as ToolResultPart;
}

describe('trimToolResults', () => {
  it('cuts long results with a marker in what the model sees, and leaves history whole', async () => {
    const long = 'x'.repeat(5_000);
    const history = [userMessage('read it'), ...toolGroup(['a'], long)];
    const view = await trimToolResults({ maxChars: 100 }).prepare(history, contextInfo());
    const sent = result(view[2]);
    expect(sent.modelInput).toEqual({ type: 'text', value: `${'x'.repeat(100)}\n[… 4,900 more characters cut]` });
    expect(sent.toolCallId).toBe('a');
    expect(result(history[2]).modelInput).toEqual({ type: 'text', value: long });
    expect(view[0]).toBe(history[0]);
    expect(view[1]).toBe(history[1]);
  });

  it('cuts JSON results as their JSON text and mixed content within the same budget', async () => {
    const json: Message = {
      role: 'tool',
      parts: [{ type: 'tool-result', toolCallId: 'j', toolName: 'q', status: 'success', result: null, modelInput: { type: 'json', value: { rows: 'y'.repeat(300) } } }],
    };
    const content: Message = {
      role: 'tool',
      parts: [
        {
          type: 'tool-result',
          toolCallId: 'c',
          toolName: 'q',
          status: 'success',
          result: null,
          modelInput: { type: 'content', value: [{ type: 'text', text: 'a'.repeat(30) }, { type: 'file', mediaType: 'image/png', data: new Uint8Array(3) }, { type: 'text', text: 'b'.repeat(30) }] },
        },
      ],
    };
    const manager = trimToolResults({ maxChars: 50 });
    const [sentJson, sentContent] = await manager.prepare([json, content], contextInfo());
    const jsonInput = result(sentJson).modelInput;
    expect(jsonInput.type).toBe('text');
    expect(jsonInput.type === 'text' && jsonInput.value.startsWith('{"rows":"yyy')).toBe(true);
    expect(jsonInput.type === 'text' && jsonInput.value).toMatch(/more characters cut\]$/);
    const blocks = result(sentContent).modelInput;
    expect(blocks.type === 'content' && blocks.value.map((b) => (b.type === 'text' ? b.text.length : b.type))).toEqual([30, 'file', 20 + '\n[… 10 more characters cut]'.length]);
  });

  it('sends the same trimmed message on every call (stable prompts)', async () => {
    const history = toolGroup(['a'], 'z'.repeat(500));
    const manager = trimToolResults({ maxChars: 10 });
    const first = await manager.prepare(history, contextInfo());
    const second = await manager.prepare(history, contextInfo());
    expect(second[1]).toBe(first[1]);
  });

  it('rejects a maxChars that is not a positive integer', () => {
    expect(() => trimToolResults({ maxChars: 0 })).toThrow(/maxChars must be a positive integer/);
  });
});
