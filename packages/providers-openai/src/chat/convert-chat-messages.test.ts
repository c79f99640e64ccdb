import type { ToolResultPart } from '@tandem/core/spec';
import { describe, expect, it } from 'vitest';
import { history, IMAGE } from '../round-trip-history.test-fixture.js';
import { ChatMessage } from './chat-message.js';
import { convertFromChatMessages } from './convert-from-chat-messages.js';
import { convertToChatMessages } from './convert-to-chat-messages.js';

describe('Chat Completions message conversion', () => {
  const messages = convertToChatMessages(history);

  it('never sends a compaction part, nor a system message holding only one', () => {
    const sent = convertToChatMessages([
      { role: 'system', parts: [{ type: 'text', text: 'Rules.' }, { type: 'compaction', summary: 'S', replacesThroughMessageId: 'm0' }] },
      { role: 'system', parts: [{ type: 'compaction', summary: 'They said hi.', replacesThroughMessageId: 'm1' }] },
      { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
    ]);
    expect(sent).toEqual([{ role: 'system', content: 'Rules.' }, { role: 'user', content: 'Hi' }]);
  });

  it('converts a multi-turn history to the documented messages', () => {
    expect(messages).toEqual([
      { role: 'system', content: 'You are helpful.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in this picture, and what is the weather in Oslo?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        ],
      },
      {
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } },
          { id: 'call_2', type: 'function', function: { name: 'current_time', arguments: '{}' } },
          { id: 'call_3', type: 'function', function: { name: 'screenshot', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"temp":20}' },
      { role: 'tool', tool_call_id: 'call_2', content: 'TimeError: clock broken' },
      { role: 'tool', tool_call_id: 'call_3', content: [{ type: 'text', text: 'Screenshot:' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Files returned by tool call call_3 (screenshot):' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        ],
      },
      { role: 'assistant', content: 'It is 20 °C and sunny in Oslo.' },
    ]);
    for (const message of messages) expect(ChatMessage.safeParse(message).success).toBe(true);
  });

  it('converts back without loss of what the model sees, and is stable on a second trip', () => {
    const back = convertFromChatMessages(messages);
    expect(convertToChatMessages(back)).toEqual(messages);
    expect(back[1]!.parts[1]).toEqual({ type: 'file', mediaType: 'image/png', data: IMAGE });
    expect(back[2]!.parts.filter((p) => p.type === 'tool-call')).toEqual(
      history[2]!.parts.filter((p) => p.type === 'tool-call').map(({ providerMetadata: _m, ...rest }) => rest),
    );
    const results = back[3]!.parts as ToolResultPart[];
    expect(results.map((r) => [r.toolCallId, r.toolName, r.modelInput.type])).toEqual([
      ['call_1', 'weather', 'text'],
      ['call_2', 'current_time', 'text'],
      ['call_3', 'screenshot', 'content'],
    ]);
  });

  it('sends reasoning back as reasoning_content only when asked', () => {
    const [withReasoning] = convertToChatMessages([history[2]!], { sendReasoning: true });
    expect(withReasoning).toMatchObject({ role: 'assistant', reasoning_content: 'Need weather and time.' });
    expect(convertFromChatMessages([withReasoning!])[0]!.parts[0]).toEqual({ type: 'reasoning', text: 'Need weather and time.' });
  });
});
