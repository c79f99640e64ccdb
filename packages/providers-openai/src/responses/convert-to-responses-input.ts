import type { Message, ToolOutput, ToolResultPart } from '@tandem/core/spec';
import { emitProviderWarning, toDataUrl, stringifyJson } from '@tandem/provider-utils';
import type { ResponsesInputContent, ResponsesInputItem } from './responses-input.js';

/**
 * Options of {@link convertToResponsesInput}.
 *
 * @category Wire format
 */
export interface ConvertToResponsesInputOptions {
  /** `providerMetadata` key holding item ids and encrypted reasoning (default `openai`). */
  readonly providerOptionsKey?: string;
  /**
   * Whether responses are stored at OpenAI (`store`, default true). Provider-executed tool calls (web
   * search) are sent back as `item_reference`s, which only resolve for stored responses; with
   * `store: false` they are left out (the model still sees the text it wrote from them).
   */
  readonly store?: boolean;
}

/**
 * Converts Tandem messages to the Responses API `input` array.
 *
 * - `system` → `{ role: 'system' }`; `user` text/files → `input_text` / `input_image` / `input_file`
 *   (bytes as `data:` URLs, URLs as they are).
 * - `assistant` text → `output_text`; reasoning with an OpenAI item id → `reasoning` items (summary text
 *   plus `encrypted_content`); reasoning of other providers is left out; tool calls → `function_call`.
 * - `tool` results → `function_call_output` (text, JSON text, or content blocks incl. images). OpenAI has
 *   no error flag: error and cancelled results are sent as their text.
 *
 * @example
 * ```ts
 * const input = convertToResponsesInput([userMessage('Hi')]);
 * // [{ role: 'user', content: [{ type: 'input_text', text: 'Hi' }] }]
 * ```
 *
 * @category Wire format
 */
export function convertToResponsesInput(messages: readonly Message[], options: ConvertToResponsesInputOptions = {}): ResponsesInputItem[] {
  const key = options.providerOptionsKey ?? 'openai';
  const items: ResponsesInputItem[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system': {
        // Only text is sent: a `compaction` part is history bookkeeping, and a message of only that is skipped.
        const texts = message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : []));
        if (texts.length > 0) items.push({ role: 'system', content: texts.join('\n') });
        break;
      }
      case 'user': {
        const content: ResponsesInputContent[] = [];
        for (const part of message.parts) {
          if (part.type === 'text') content.push({ type: 'input_text', text: part.text });
          else if (part.type === 'file') content.push(fileContent(part));
        }
        items.push({ role: 'user', content });
        break;
      }
      case 'assistant':
        assistantItems(message, key, options.store ?? true, items);
        break;
      case 'tool':
        for (const part of message.parts) if (part.type === 'tool-result') items.push(toolOutput(part));
        break;
    }
  }
  return items;
}

function assistantItems(message: Message, key: string, store: boolean, items: ResponsesInputItem[]): void {
  let text: { type: 'output_text'; text: string }[] = [];
  const flushText = (): void => {
    if (text.length > 0) items.push({ role: 'assistant', content: text });
    text = [];
  };
  let reasoning: Extract<ResponsesInputItem, { type: 'reasoning' }> | undefined;
  for (const part of message.parts) {
    const meta = part.providerMetadata?.[key];
    const itemId = typeof meta?.itemId === 'string' ? meta.itemId : undefined;
    if (part.type !== 'reasoning') reasoning = undefined;
    switch (part.type) {
      case 'text':
        text.push({ type: 'output_text', text: part.text });
        break;
      case 'reasoning': {
        if (itemId === undefined) break;
        flushText();
        const encrypted = typeof meta?.encryptedContent === 'string' ? meta.encryptedContent : undefined;
        if (reasoning !== undefined && reasoning.id === itemId) {
          if (part.text !== '') reasoning.summary.push({ type: 'summary_text', text: part.text });
          if (encrypted !== undefined) reasoning.encrypted_content = encrypted;
          break;
        }
        reasoning = {
          type: 'reasoning',
          id: itemId,
          summary: part.text === '' ? [] : [{ type: 'summary_text', text: part.text }],
          ...(encrypted === undefined ? {} : { encrypted_content: encrypted }),
        };
        items.push(reasoning);
        break;
      }
      case 'tool-call':
        flushText();
        items.push({
          type: 'function_call',
          call_id: part.toolCallId,
          name: part.toolName,
          arguments: part.toolArgs,
          ...(itemId === undefined ? {} : { id: itemId }),
        });
        break;
      case 'builtin-tool-call':
        flushText();
        if (store) items.push({ type: 'item_reference', id: itemId ?? part.toolCallId });
        break;
      case 'builtin-tool-result':
        break;
      case 'file':
        emitProviderWarning('OpenAI Responses: files in assistant messages cannot be sent back; the file part was left out.');
        break;
    }
  }
  flushText();
}

function fileContent(part: { readonly mediaType: string; readonly data: Uint8Array | URL; readonly filename?: string }): ResponsesInputContent {
  const url = part.data instanceof URL ? part.data.toString() : toDataUrl(part.mediaType, part.data);
  if (part.mediaType.startsWith('image/')) return { type: 'input_image', image_url: url };
  if (part.data instanceof URL) return { type: 'input_file', file_url: url, ...(part.filename ? { filename: part.filename } : {}) };
  return { type: 'input_file', filename: part.filename ?? defaultFilename(part.mediaType), file_data: url };
}

function defaultFilename(mediaType: string): string {
  return mediaType === 'application/pdf' ? 'document.pdf' : 'file';
}

function toolOutput(part: ToolResultPart): ResponsesInputItem {
  return { type: 'function_call_output', call_id: part.toolCallId, output: outputValue(part.modelInput) };
}

function outputValue(output: ToolOutput): string | ResponsesInputContent[] {
  switch (output.type) {
    case 'text':
      return output.value;
    case 'json':
      return stringifyJson(output.value);
    case 'content':
      return output.value.map((block) =>
        block.type === 'text' ? { type: 'input_text' as const, text: block.text } : fileContent(block),
      );
  }
}
