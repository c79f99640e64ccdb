import type { Message } from '@tandem/core/spec';
import { collectModelStream, loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { convertFromChatMessages, convertToChatMessages, type ChatMessage } from '@tandem/providers-openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOllama } from './ollama-provider.js';

let server: ProviderTestServer;
beforeEach(async () => {
  server = await ProviderTestServer.start();
});
afterEach(async () => {
  await server.close();
});

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const history: Message[] = [
  { role: 'user', parts: [{ type: 'text', text: 'Check Oslo.' }, { type: 'file', mediaType: 'image/png', data: png }] },
  {
    role: 'assistant',
    parts: [
      { type: 'reasoning', text: 'Need the weather.' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', toolArgs: '{"city":"Oslo"}', input: { city: 'Oslo' } },
      { type: 'tool-call', toolCallId: 'c2', toolName: 'camera', toolArgs: '{}', input: {} },
    ],
  },
  {
    role: 'tool',
    parts: [
      { type: 'tool-result', toolCallId: 'c1', toolName: 'weather', status: 'error', result: 'Error: offline', modelInput: { type: 'text', value: 'Error: offline' } },
      {
        type: 'tool-result',
        toolCallId: 'c2',
        toolName: 'camera',
        status: 'success',
        result: 'photo',
        modelInput: { type: 'content', value: [{ type: 'text', text: 'Photo:' }, { type: 'file', mediaType: 'image/png', data: png }] },
      },
    ],
  },
  { role: 'assistant', parts: [{ type: 'text', text: 'The weather service is offline.' }] },
];

describe('message round trip on the wire', () => {
  it('sends a multi-turn history in the Chat Completions format that converts back to the same messages', async () => {
    server.enqueue({ type: 'sse', events: loadSseFixture(new URL('./__fixtures__/', import.meta.url), 'text') });
    await collectModelStream(createOllama({ baseURL: server.baseURL('/v1') })('llama3.2').stream({ messages: history, tools: [] }));
    const sent = (server.requests[0]!.body as { messages: ChatMessage[] }).messages;
    expect(sent).toEqual(convertToChatMessages(history));
    expect(sent[2]).toEqual({ role: 'tool', tool_call_id: 'c1', content: 'Error: offline' });
    expect(sent[4]).toMatchObject({ role: 'user', content: [{ type: 'text' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw==' } }] });
    const back = convertFromChatMessages(sent);
    expect(convertToChatMessages(back)).toEqual(sent);
    expect(back[1]!.parts).toEqual(history[1]!.parts.filter((p) => p.type === 'tool-call'));
  });
});
