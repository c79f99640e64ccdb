import type { AssistantPart, FilePart, Message, ToolContentBlock, ToolOutput, ToolResultPart } from '@tandem/core/spec';
import { parseDataUrl } from '@tandem/provider-utils';
import { mediaTypeFromUrl } from '../media-type.js';
import type { ResponsesInputContent, ResponsesInputItem } from './responses-input.js';

/**
 * Converts a Responses API `input` array back to Tandem messages — the inverse of
 * `convertToResponsesInput`, for importing histories. Consecutive assistant-side items (text, reasoning,
 * function calls) form one assistant message; consecutive `function_call_output`s one tool message, with
 * tool names looked up from their calls. Results come back with status `success` (OpenAI carries no
 * error flag) and `result` equal to what the model was sent.
 *
 * @example
 * ```ts
 * const messages = convertFromResponsesInput([{ role: 'user', content: [{ type: 'input_text', text: 'Hi' }] }]);
 * ```
 *
 * @category Wire format
 */
export function convertFromResponsesInput(items: readonly ResponsesInputItem[], options: { readonly providerOptionsKey?: string } = {}): Message[] {
  const key = options.providerOptionsKey ?? 'openai';
  const messages: Message[] = [];
  const toolNames = new Map<string, string>();
  let assistant: AssistantPart[] | undefined;
  let tool: ToolResultPart[] | undefined;
  const flush = (): void => {
    if (assistant !== undefined) messages.push({ role: 'assistant', parts: assistant });
    if (tool !== undefined) messages.push({ role: 'tool', parts: tool });
    assistant = undefined;
    tool = undefined;
  };
  const assistantParts = (): AssistantPart[] => {
    if (tool !== undefined) flush();
    assistant ??= [];
    return assistant;
  };
  for (const item of items) {
    if ('role' in item) {
      if (item.role === 'assistant') {
        assistantParts().push(...item.content.map((c) => ({ type: 'text' as const, text: c.text })));
        continue;
      }
      flush();
      if (item.role === 'user') messages.push({ role: 'user', parts: item.content.map(userPart) });
      else messages.push({ role: 'system', parts: [{ type: 'text', text: item.content }] });
      continue;
    }
    switch (item.type) {
      case 'reasoning': {
        const parts = assistantParts();
        const texts = item.summary.length === 0 ? [''] : item.summary.map((s) => s.text);
        texts.forEach((text, index) => {
          const last = index === texts.length - 1;
          const meta = { itemId: item.id, ...(last && item.encrypted_content !== undefined ? { encryptedContent: item.encrypted_content } : {}) };
          parts.push({ type: 'reasoning', text, providerMetadata: { [key]: meta } });
        });
        break;
      }
      case 'function_call':
        toolNames.set(item.call_id, item.name);
        assistantParts().push({
          type: 'tool-call',
          toolCallId: item.call_id,
          toolName: item.name,
          toolArgs: item.arguments,
          ...parseInput(item.arguments),
          ...(item.id === undefined ? {} : { providerMetadata: { [key]: { itemId: item.id } } }),
        });
        break;
      case 'item_reference':
        assistantParts().push({ type: 'builtin-tool-call', toolCallId: item.id, toolName: 'web_search', toolArgs: '{}', providerMetadata: { [key]: { itemId: item.id } } });
        break;
      case 'function_call_output': {
        if (assistant !== undefined) {
          messages.push({ role: 'assistant', parts: assistant });
          assistant = undefined;
        }
        tool ??= [];
        const modelInput = outputToToolOutput(item.output);
        tool.push({
          type: 'tool-result',
          toolCallId: item.call_id,
          toolName: toolNames.get(item.call_id) ?? 'unknown',
          status: 'success',
          result: typeof item.output === 'string' ? item.output : modelInput.value,
          modelInput,
        });
        break;
      }
    }
  }
  flush();
  return messages;
}

function parseInput(args: string): { input?: unknown } {
  try {
    return { input: JSON.parse(args === '' ? '{}' : args) as unknown };
  } catch {
    return {};
  }
}

function toFile(url: string, fallbackType: string, filename?: string): FilePart {
  const parsed = parseDataUrl(url);
  const base = parsed === undefined ? { mediaType: mediaTypeFromUrl(url, fallbackType), data: new URL(url) } : parsed;
  return { type: 'file', ...base, ...(filename === undefined ? {} : { filename }) };
}

function userPart(content: ResponsesInputContent): Message['parts'][number] {
  if (content.type === 'input_text') return { type: 'text', text: content.text };
  if (content.type === 'input_image') return toFile(content.image_url, 'image/png');
  return toFile(content.file_data ?? content.file_url ?? '', 'application/pdf', content.filename);
}

function outputToToolOutput(output: string | readonly ResponsesInputContent[]): ToolOutput & { value: unknown } {
  if (typeof output === 'string') return { type: 'text', value: output };
  const blocks: ToolContentBlock[] = output.map((content): ToolContentBlock => {
    if (content.type === 'input_text') return { type: 'text', text: content.text };
    const file = userPart(content) as FilePart;
    const data = file.data instanceof URL ? new Uint8Array() : file.data;
    return { type: 'file', mediaType: file.mediaType, data, ...(file.filename === undefined ? {} : { filename: file.filename }) };
  });
  return { type: 'content', value: blocks };
}
