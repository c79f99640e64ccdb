import { describe, expect, it } from 'vitest';
import type { Message } from '@tandem/core/spec';
import { convertToBedrockMessages } from './convert-to-bedrock-messages.js';
import { InvalidRequestError } from '@tandem/provider-utils';

const png = new Uint8Array([137, 80, 78, 71]);

describe('convertToBedrockMessages', () => {
  it('never sends a compaction part (history bookkeeping of context managers)', () => {
    const { system, messages } = convertToBedrockMessages([
      { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
      { role: 'system', parts: [{ type: 'compaction', summary: 'They said hi.', replacesThroughMessageId: 'm1' }] },
      { role: 'assistant', parts: [{ type: 'text', text: 'Hello' }, { type: 'compaction', summary: 'x', replacesThroughMessageId: 'm0' }] },
    ]);
    expect(system).toBeUndefined();
    expect(messages).toEqual([
      { role: 'user', content: [{ text: 'Hi' }] },
      { role: 'assistant', content: [{ text: 'Hello' }] },
    ]);
  });

  it('converts a multi-turn history with reasoning, tool calls, error results and images', () => {
    const history: Message[] = [
      { role: 'system', parts: [{ type: 'text', text: 'Be brief.', providerMetadata: { bedrock: { cachePoint: true } } }] },
      { role: 'user', parts: [{ type: 'text', text: 'Crop this and check Oslo.' }, { type: 'file', mediaType: 'image/png', data: png }] },
      {
        role: 'assistant',
        parts: [
          { type: 'reasoning', text: 'Two tools.', providerMetadata: { bedrock: { signature: 'sig-1' } } },
          { type: 'reasoning', text: '', providerMetadata: { bedrock: { redactedData: 'AQID' } } },
          { type: 'reasoning', text: 'other vendor' },
          { type: 'text', text: 'On it.' },
          { type: 'builtin-tool-call', toolCallId: 'ws', toolName: 'web_search', toolArgs: '{}' },
          { type: 'tool-call', toolCallId: 'tu_1', toolName: 'weather', toolArgs: '{"city":"Oslo"}' },
          { type: 'tool-call', toolCallId: 'tu_2', toolName: 'crop', toolArgs: '' },
        ],
      },
      {
        role: 'tool',
        parts: [
          { type: 'tool-result', toolCallId: 'tu_1', toolName: 'weather', status: 'error', result: 'down', modelInput: { type: 'text', value: 'Error: service down' } },
          {
            type: 'tool-result',
            toolCallId: 'tu_2',
            toolName: 'crop',
            status: 'success',
            result: 'ok',
            modelInput: { type: 'content', value: [{ type: 'text', text: 'cropped' }, { type: 'file', mediaType: 'image/png', data: png }] },
          },
        ],
      },
      { role: 'user', parts: [{ type: 'file', mediaType: 'application/pdf', data: png, filename: 'Q3 report (final).pdf' }] },
    ];
    const { system, messages, hasToolHistory } = convertToBedrockMessages(history, { system: 'You are Tandem.' });
    expect(hasToolHistory).toBe(true);
    expect(system).toEqual([{ text: 'You are Tandem.' }, { text: 'Be brief.' }, { cachePoint: { type: 'default' } }]);
    expect(messages).toEqual([
      { role: 'user', content: [{ text: 'Crop this and check Oslo.' }, { image: { format: 'png', source: { bytes: png } } }] },
      {
        role: 'assistant',
        content: [
          { reasoningContent: { reasoningText: { text: 'Two tools.', signature: 'sig-1' } } },
          { reasoningContent: { redactedContent: new Uint8Array([1, 2, 3]) } },
          { text: 'On it.' },
          { toolUse: { toolUseId: 'tu_1', name: 'weather', input: { city: 'Oslo' } } },
          { toolUse: { toolUseId: 'tu_2', name: 'crop', input: {} } },
        ],
      },
      {
        role: 'user',
        content: [
          { toolResult: { toolUseId: 'tu_1', content: [{ text: 'Error: service down' }], status: 'error' } },
          { toolResult: { toolUseId: 'tu_2', content: [{ text: 'cropped' }, { image: { format: 'png', source: { bytes: png } } }] } },
          { document: { format: 'pdf', name: 'Q3 report (final)', source: { bytes: png } } },
        ],
      },
    ]);
  });

  it('sends JSON results as json blocks and s3 URLs as S3 locations', () => {
    const { messages } = convertToBedrockMessages([
      { role: 'user', parts: [{ type: 'file', mediaType: 'image/jpeg', data: new URL('s3://bucket/cat.jpg') }] },
      { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 't', toolName: 'x', status: 'success', result: { a: 1 }, modelInput: { type: 'json', value: { a: 1 } } }] },
    ]);
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { image: { format: 'jpeg', source: { s3Location: { uri: 's3://bucket/cat.jpg' } } } },
          { toolResult: { toolUseId: 't', content: [{ json: { a: 1 } }] } },
        ],
      },
    ]);
  });

  it('refuses http URLs and unsupported media types with errors that say what to do', () => {
    expect(() =>
      convertToBedrockMessages([{ role: 'user', parts: [{ type: 'file', mediaType: 'image/png', data: new URL('https://x.example/a.png') }] }]),
    ).toThrow(/download the file and pass its bytes/);
    expect(() => convertToBedrockMessages([{ role: 'user', parts: [{ type: 'file', mediaType: 'audio/wav', data: png }] }])).toThrow(
      InvalidRequestError,
    );
  });
});
