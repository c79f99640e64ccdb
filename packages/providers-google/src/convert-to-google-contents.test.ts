import { describe, expect, it } from 'vitest';
import type { Message } from '@tandem/core/spec';
import { convertToGoogleContents } from './convert-to-google-contents.js';
import { InvalidRequestError } from '@tandem/provider-utils';

const png = new Uint8Array([137, 80, 78, 71]);

describe('convertToGoogleContents', () => {
  it('never sends a compaction part (history bookkeeping of context managers)', () => {
    const { systemInstruction, contents } = convertToGoogleContents(
      [
        { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
        { role: 'system', parts: [{ type: 'compaction', summary: 'They said hi.', replacesThroughMessageId: 'm1' }] },
      ],
      {},
    );
    expect(systemInstruction).toBeUndefined();
    expect(contents).toEqual([{ role: 'user', parts: [{ text: 'Hi' }] }]);
  });

  it('converts a multi-turn history with signatures, tool calls, errors and images', () => {
    const history: Message[] = [
      { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
      { role: 'user', parts: [{ type: 'text', text: 'Weather in Oslo? And crop this.' }, { type: 'file', mediaType: 'image/png', data: png }] },
      {
        role: 'assistant',
        parts: [
          { type: 'reasoning', text: 'Call both tools.', providerMetadata: { google: {} } },
          { type: 'reasoning', text: 'other vendor thoughts' },
          { type: 'tool-call', toolCallId: 'fc-1', toolName: 'weather', toolArgs: '{"city":"Oslo"}', providerMetadata: { google: { functionCallId: 'fc-1', thoughtSignature: 'sig-A' } } },
          { type: 'tool-call', toolCallId: 'gen-2', toolName: 'crop', toolArgs: '', providerMetadata: { google: {} } },
          { type: 'tool-call', toolCallId: 'gen-3', toolName: 'fail', toolArgs: '{}', input: {} },
        ],
      },
      {
        role: 'tool',
        parts: [
          { type: 'tool-result', toolCallId: 'fc-1', toolName: 'weather', status: 'success', result: { c: 3 }, modelInput: { type: 'json', value: { c: 3 } } },
          { type: 'tool-result', toolCallId: 'gen-2', toolName: 'crop', status: 'success', result: 'ok', modelInput: { type: 'content', value: [{ type: 'text', text: 'cropped' }, { type: 'file', mediaType: 'image/png', data: png }] } },
          { type: 'tool-result', toolCallId: 'gen-3', toolName: 'fail', status: 'error', result: 'boom', modelInput: { type: 'text', value: 'Error: boom' } },
        ],
      },
      { role: 'assistant', parts: [{ type: 'text', text: 'Done.', providerMetadata: { google: { thoughtSignature: 'sig-B' } } }] },
      { role: 'user', parts: [{ type: 'text', text: 'Thanks' }] },
    ];
    const { systemInstruction, contents } = convertToGoogleContents(history, { system: 'You are Tandem.' });
    expect(systemInstruction).toEqual({ parts: [{ text: 'You are Tandem.' }, { text: 'Be brief.' }] });
    expect(contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Oslo? And crop this.' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw==' } }] },
      {
        role: 'model',
        parts: [
          { text: 'Call both tools.', thought: true },
          { functionCall: { id: 'fc-1', name: 'weather', args: { city: 'Oslo' } }, thoughtSignature: 'sig-A' },
          { functionCall: { name: 'crop', args: {} } },
          { functionCall: { name: 'fail', args: {} } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'fc-1', name: 'weather', response: { output: { c: 3 } } } },
          { functionResponse: { name: 'crop', response: { output: 'cropped' } } },
          { inlineData: { mimeType: 'image/png', data: 'iVBORw==' } },
          { functionResponse: { name: 'fail', response: { error: 'Error: boom' } } },
        ],
      },
      { role: 'model', parts: [{ text: 'Done.', thoughtSignature: 'sig-B' }] },
      { role: 'user', parts: [{ text: 'Thanks' }] },
    ]);
  });

  it('sends file URLs as fileData and code execution back as its parts', () => {
    const { contents } = convertToGoogleContents([
      { role: 'user', parts: [{ type: 'file', mediaType: 'video/mp4', data: new URL('https://www.youtube.com/watch?v=x') }] },
      {
        role: 'assistant',
        parts: [
          { type: 'builtin-tool-call', toolCallId: 'g1', toolName: 'code_execution', toolArgs: '{"language":"PYTHON","code":"print(1)"}', providerMetadata: { google: {} } },
          { type: 'builtin-tool-result', toolCallId: 'g1', toolName: 'code_execution', result: { outcome: 'OUTCOME_OK', output: '1\n' }, providerMetadata: { google: {} } },
        ],
      },
    ]);
    expect(contents).toEqual([
      { role: 'user', parts: [{ fileData: { mimeType: 'video/mp4', fileUri: 'https://www.youtube.com/watch?v=x' } }] },
      {
        role: 'model',
        parts: [
          { executableCode: { language: 'PYTHON', code: 'print(1)' } },
          { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1\n' } },
        ],
      },
    ]);
  });

  it('rejects a tool call in a user message', () => {
    expect(() =>
      convertToGoogleContents([{ role: 'user', parts: [{ type: 'tool-call', toolCallId: 'a', toolName: 'b', toolArgs: '{}' }] }]),
    ).toThrow(InvalidRequestError);
  });
});
