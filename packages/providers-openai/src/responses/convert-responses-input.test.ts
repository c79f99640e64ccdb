import type { ToolResultPart } from '@tandem/core/spec';
import { describe, expect, it } from 'vitest';
import { history, IMAGE } from '../round-trip-history.test-fixture.js';
import { convertFromResponsesInput } from './convert-from-responses-input.js';
import { convertToResponsesInput } from './convert-to-responses-input.js';
import { ResponsesInputItem } from './responses-input.js';

describe('Responses input conversion', () => {
  const input = convertToResponsesInput(history);

  it('never sends a compaction part, nor a system message holding only one', () => {
    const sent = convertToResponsesInput([
      { role: 'system', parts: [{ type: 'text', text: 'Rules.' }, { type: 'compaction', summary: 'S', replacesThroughMessageId: 'm0' }] },
      { role: 'system', parts: [{ type: 'compaction', summary: 'They said hi.', replacesThroughMessageId: 'm1' }] },
      { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
    ]);
    expect(sent).toEqual([{ role: 'system', content: 'Rules.' }, { role: 'user', content: [{ type: 'input_text', text: 'Hi' }] }]);
  });

  it('converts a multi-turn history to the documented input items', () => {
    expect(input).toEqual([
      { role: 'system', content: 'You are helpful.' },
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'What is in this picture, and what is the weather in Oslo?' },
          { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' },
        ],
      },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Need weather and time.' }], encrypted_content: 'enc-1' },
      { role: 'assistant', content: [{ type: 'output_text', text: 'Let me check.' }] },
      { type: 'function_call', call_id: 'call_1', name: 'weather', arguments: '{"city":"Oslo"}', id: 'fc_1' },
      { type: 'function_call', call_id: 'call_2', name: 'current_time', arguments: '{}', id: 'fc_2' },
      { type: 'function_call', call_id: 'call_3', name: 'screenshot', arguments: '{}', id: 'fc_3' },
      { type: 'function_call_output', call_id: 'call_1', output: '{"temp":20}' },
      { type: 'function_call_output', call_id: 'call_2', output: 'TimeError: clock broken' },
      {
        type: 'function_call_output',
        call_id: 'call_3',
        output: [
          { type: 'input_text', text: 'Screenshot:' },
          { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' },
        ],
      },
      { type: 'item_reference', id: 'ws_1' },
      { role: 'assistant', content: [{ type: 'output_text', text: 'It is 20 °C and sunny in Oslo.' }] },
    ]);
    for (const item of input) expect(ResponsesInputItem.safeParse(item).success).toBe(true);
  });

  it('converts back without loss of what the model sees, and is stable on a second trip', () => {
    const back = convertFromResponsesInput(input);
    expect(convertToResponsesInput(back)).toEqual(input);
    expect(back.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(back[1]!.parts[1]).toEqual({ type: 'file', mediaType: 'image/png', data: IMAGE });
    const assistant = back[2]!.parts;
    expect(assistant[0]).toEqual(history[2]!.parts[0]);
    expect(assistant.slice(2)).toEqual(history[2]!.parts.slice(2));
    const results = back[3]!.parts as ToolResultPart[];
    expect(results.map((r) => [r.toolCallId, r.toolName])).toEqual([
      ['call_1', 'weather'],
      ['call_2', 'current_time'],
      ['call_3', 'screenshot'],
    ]);
    expect(results[2]!.modelInput).toEqual((history[3]!.parts[2] as ToolResultPart).modelInput);
    expect(back[4]!.parts[0]).toMatchObject({ type: 'builtin-tool-call', toolCallId: 'ws_1' });
  });

  it('merges reasoning parts of one item and leaves out reasoning of other providers', () => {
    const items = convertToResponsesInput([
      {
        role: 'assistant',
        parts: [
          { type: 'reasoning', text: 'a', providerMetadata: { openai: { itemId: 'rs_9' } } },
          { type: 'reasoning', text: 'b', providerMetadata: { openai: { itemId: 'rs_9', encryptedContent: 'E' } } },
          { type: 'reasoning', text: 'foreign', providerMetadata: { anthropic: { signature: 's' } } },
          { type: 'text', text: 'ok' },
        ],
      },
    ]);
    expect(items).toEqual([
      { type: 'reasoning', id: 'rs_9', summary: [{ type: 'summary_text', text: 'a' }, { type: 'summary_text', text: 'b' }], encrypted_content: 'E' },
      { role: 'assistant', content: [{ type: 'output_text', text: 'ok' }] },
    ]);
  });

  it('leaves provider-executed calls out when responses are not stored', () => {
    const items = convertToResponsesInput([history[4]!], { store: false });
    expect(items).toEqual([{ role: 'assistant', content: [{ type: 'output_text', text: 'It is 20 °C and sunny in Oslo.' }] }]);
  });
});
