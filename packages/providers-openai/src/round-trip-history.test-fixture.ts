import type { Message } from '@tandem/core/spec';

/** A PNG signature, standing in for image bytes. */
export const IMAGE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A multi-turn history exercising every part kind: system, user text + image, reasoning with OpenAI
 * metadata, text, two tool calls, a provider-executed web search, tool results (JSON, error, image content)
 * and a final answer.
 */
export const history: Message[] = [
  { role: 'system', parts: [{ type: 'text', text: 'You are helpful.' }] },
  {
    role: 'user',
    parts: [
      { type: 'text', text: 'What is in this picture, and what is the weather in Oslo?' },
      { type: 'file', mediaType: 'image/png', data: IMAGE },
    ],
  },
  {
    role: 'assistant',
    parts: [
      { type: 'reasoning', text: 'Need weather and time.', providerMetadata: { openai: { itemId: 'rs_1', encryptedContent: 'enc-1' } } },
      { type: 'text', text: 'Let me check.' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'weather', toolArgs: '{"city":"Oslo"}', input: { city: 'Oslo' }, providerMetadata: { openai: { itemId: 'fc_1' } } },
      { type: 'tool-call', toolCallId: 'call_2', toolName: 'current_time', toolArgs: '{}', input: {}, providerMetadata: { openai: { itemId: 'fc_2' } } },
      { type: 'tool-call', toolCallId: 'call_3', toolName: 'screenshot', toolArgs: '{}', input: {}, providerMetadata: { openai: { itemId: 'fc_3' } } },
    ],
  },
  {
    role: 'tool',
    parts: [
      { type: 'tool-result', toolCallId: 'call_1', toolName: 'weather', status: 'success', result: { temp: 20 }, modelInput: { type: 'json', value: { temp: 20 } } },
      { type: 'tool-result', toolCallId: 'call_2', toolName: 'current_time', status: 'error', result: 'TimeError: clock broken', modelInput: { type: 'text', value: 'TimeError: clock broken' } },
      {
        type: 'tool-result',
        toolCallId: 'call_3',
        toolName: 'screenshot',
        status: 'success',
        result: 'image',
        modelInput: { type: 'content', value: [{ type: 'text', text: 'Screenshot:' }, { type: 'file', mediaType: 'image/png', data: IMAGE }] },
      },
    ],
  },
  {
    role: 'assistant',
    parts: [
      { type: 'builtin-tool-call', toolCallId: 'ws_1', toolName: 'web_search', toolArgs: '{"query":"Oslo"}', providerMetadata: { openai: { itemId: 'ws_1' } } },
      { type: 'builtin-tool-result', toolCallId: 'ws_1', toolName: 'web_search', result: { status: 'completed' }, providerMetadata: { openai: { itemId: 'ws_1' } } },
      { type: 'text', text: 'It is 20 °C and sunny in Oslo.' },
    ],
  },
];
