import { describe, expect, it } from 'vitest';
import type { Message } from '@tandem/core/spec';
import { convertToAnthropicMessages } from './convert-to-anthropic-messages.js';
import { InvalidRequestError } from '@tandem/provider-utils';

const png = new Uint8Array([137, 80, 78, 71]);

describe('convertToAnthropicMessages', () => {
  it('never sends a compaction part (history bookkeeping of context managers)', () => {
    const messages: Message[] = [
      { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
      { role: 'system', parts: [{ type: 'compaction', summary: 'They said hi.', replacesThroughMessageId: 'm1' }] },
      { role: 'assistant', parts: [{ type: 'text', text: 'Hello' }] },
    ];
    expect(convertToAnthropicMessages(messages, { system: 'Be brief.' })).toEqual({
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
      ],
    });
  });

  it('converts a multi-turn history with reasoning, tools, errors, images and server tools', () => {
    const history: Message[] = [
      { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
      { role: 'user', parts: [{ type: 'text', text: 'What is in this image, and the weather?' }, { type: 'file', mediaType: 'image/png', data: png }] },
      {
        role: 'assistant',
        parts: [
          { type: 'reasoning', text: 'Look, then call tools.', providerMetadata: { anthropic: { signature: 'sig-1' } } },
          { type: 'reasoning', text: '', providerMetadata: { anthropic: { redactedData: 'enc-1' } } },
          { type: 'reasoning', text: 'from another vendor' },
          { type: 'text', text: 'Checking.' },
          { type: 'builtin-tool-call', toolCallId: 'srvtoolu_1', toolName: 'web_search', toolArgs: '{"query":"weather"}', providerMetadata: { anthropic: { blockType: 'server_tool_use' } } },
          { type: 'builtin-tool-result', toolCallId: 'srvtoolu_1', toolName: 'web_search', result: [{ type: 'web_search_result', url: 'https://x.example', title: 'X', encrypted_content: 'e' }], providerMetadata: { anthropic: { blockType: 'web_search_tool_result' } } },
          { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'weather', toolArgs: '{"city":"Paris"}', input: { city: 'Paris' } },
          { type: 'tool-call', toolCallId: 'toolu_2', toolName: 'crop', toolArgs: '' },
          { type: 'tool-call', toolCallId: 'toolu_3', toolName: 'broken', toolArgs: '{"a":' },
        ],
      },
      {
        role: 'tool',
        parts: [
          { type: 'tool-result', toolCallId: 'toolu_1', toolName: 'weather', status: 'success', result: { c: 21 }, modelInput: { type: 'json', value: { c: 21 } } },
          { type: 'tool-result', toolCallId: 'toolu_2', toolName: 'crop', status: 'success', result: 'ok', modelInput: { type: 'content', value: [{ type: 'text', text: 'cropped:' }, { type: 'file', mediaType: 'image/png', data: png }] } },
          { type: 'tool-result', toolCallId: 'toolu_3', toolName: 'broken', status: 'error', result: 'SyntaxError', modelInput: { type: 'text', value: 'SyntaxError: bad JSON' } },
        ],
      },
      { role: 'user', parts: [{ type: 'text', text: 'Thanks' }] },
    ];
    const { system, messages } = convertToAnthropicMessages(history, { system: 'You are Tandem.' });
    expect(system).toEqual([
      { type: 'text', text: 'You are Tandem.' },
      { type: 'text', text: 'Be brief.' },
    ]);
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in this image, and the weather?' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw==' } },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Look, then call tools.', signature: 'sig-1' },
          { type: 'redacted_thinking', data: 'enc-1' },
          { type: 'text', text: 'Checking.' },
          { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'weather' } },
          {
            type: 'web_search_tool_result',
            tool_use_id: 'srvtoolu_1',
            content: [{ type: 'web_search_result', url: 'https://x.example', title: 'X', encrypted_content: 'e' }],
          },
          { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_2', name: 'crop', input: {} },
          { type: 'tool_use', id: 'toolu_3', name: 'broken', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: '{"c":21}' },
          {
            type: 'tool_result',
            tool_use_id: 'toolu_2',
            content: [
              { type: 'text', text: 'cropped:' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw==' } },
            ],
          },
          { type: 'tool_result', tool_use_id: 'toolu_3', content: 'SyntaxError: bad JSON', is_error: true },
          { type: 'text', text: 'Thanks' },
        ],
      },
    ]);
  });

  it('marks cancelled results as errors too', () => {
    const { messages } = convertToAnthropicMessages([
      { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 't', toolName: 'x', status: 'cancelled', result: null, modelInput: { type: 'text', value: 'Cancelled' } }] },
    ]);
    expect(messages[0]!.content[0]).toMatchObject({ is_error: true });
  });

  it('sends URLs, PDFs, plain text and cache breakpoints', () => {
    const { messages } = convertToAnthropicMessages([
      {
        role: 'user',
        parts: [
          { type: 'file', mediaType: 'image/jpeg', data: new URL('https://example.com/cat.jpg') },
          { type: 'file', mediaType: 'application/pdf', data: new URL('data:application/pdf;base64,JVBERg=='), filename: 'a.pdf' },
          { type: 'file', mediaType: 'text/plain', data: new TextEncoder().encode('notes') },
          { type: 'text', text: 'Long context', providerMetadata: { anthropic: { cacheControl: { type: 'ephemeral' } } } },
        ],
      },
    ]);
    expect(messages[0]!.content).toEqual([
      { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERg==' }, title: 'a.pdf' },
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'notes' } },
      { type: 'text', text: 'Long context', cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('skips builtin tool parts that did not come from Anthropic', () => {
    const { messages } = convertToAnthropicMessages([
      { role: 'assistant', parts: [{ type: 'builtin-tool-call', toolCallId: 'ws_1', toolName: 'web_search', toolArgs: '{}' }, { type: 'text', text: 'ok' }] },
    ]);
    expect(messages).toEqual([{ role: 'assistant', content: [{ type: 'text', text: 'ok' }] }]);
  });

  it('refuses audio with an error that says what to do', () => {
    expect(() =>
      convertToAnthropicMessages([{ role: 'user', parts: [{ type: 'file', mediaType: 'audio/wav', data: png }] }]),
    ).toThrow(InvalidRequestError);
    expect(() =>
      convertToAnthropicMessages([{ role: 'user', parts: [{ type: 'file', mediaType: 'audio/wav', data: png }] }]),
    ).toThrow(/images, PDFs and plain text/);
  });
});
