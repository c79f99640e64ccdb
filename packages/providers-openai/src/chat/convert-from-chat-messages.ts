import type { AssistantPart, Message, Part, ToolOutput } from '@tandem/core/spec';
import { fromBase64, parseDataUrl } from '@tandem/provider-utils';
import { mediaTypeFromUrl } from '../media-type.js';
import type { ChatMessage, ChatUserContent } from './chat-message.js';

/**
 * Converts a Chat Completions `messages` array back to Tandem messages — the inverse of
 * `convertToChatMessages`, for importing histories. Consecutive `tool` messages form one tool message;
 * tool names are looked up from the assistant's `tool_calls`. Results come back with status `success`
 * and `result` equal to what the model was sent.
 *
 * @example
 * ```ts
 * convertFromChatMessages([{ role: 'user', content: 'Hi' }]); // [userMessage('Hi')]
 * ```
 *
 * @category Wire format
 */
export function convertFromChatMessages(messages: readonly ChatMessage[]): Message[] {
  const out: Message[] = [];
  const toolNames = new Map<string, string>();
  for (const message of messages) {
    switch (message.role) {
      case 'system':
      case 'developer':
        out.push({ role: 'system', parts: [{ type: 'text', text: message.content }] });
        break;
      case 'user':
        out.push({
          role: 'user',
          parts: typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content.map(userPart),
        });
        break;
      case 'assistant': {
        const parts: AssistantPart[] = [];
        if (message.reasoning_content) parts.push({ type: 'reasoning', text: message.reasoning_content });
        if (message.content) parts.push({ type: 'text', text: message.content });
        for (const call of message.tool_calls ?? []) {
          toolNames.set(call.id, call.function.name);
          parts.push({ type: 'tool-call', toolCallId: call.id, toolName: call.function.name, toolArgs: call.function.arguments, ...parseInput(call.function.arguments) });
        }
        out.push({ role: 'assistant', parts });
        break;
      }
      case 'tool': {
        const modelInput: ToolOutput =
          typeof message.content === 'string'
            ? { type: 'text', value: message.content }
            : { type: 'content', value: message.content.map((c) => ({ type: 'text' as const, text: c.text })) };
        const part: Part = {
          type: 'tool-result',
          toolCallId: message.tool_call_id,
          toolName: toolNames.get(message.tool_call_id) ?? 'unknown',
          status: 'success',
          result: modelInput.value,
          modelInput,
        };
        const previous = out.at(-1);
        if (previous?.role === 'tool') out[out.length - 1] = { ...previous, parts: [...previous.parts, part] };
        else out.push({ role: 'tool', parts: [part] });
        break;
      }
    }
  }
  return out;
}

function parseInput(args: string): { input?: unknown } {
  try {
    return { input: JSON.parse(args === '' ? '{}' : args) as unknown };
  } catch {
    return {};
  }
}

function userPart(content: ChatUserContent): Part {
  switch (content.type) {
    case 'text':
      return { type: 'text', text: content.text };
    case 'image_url': {
      const parsed = parseDataUrl(content.image_url.url);
      return parsed === undefined
        ? { type: 'file', mediaType: mediaTypeFromUrl(content.image_url.url, 'image/png'), data: new URL(content.image_url.url) }
        : { type: 'file', ...parsed };
    }
    case 'input_audio':
      return { type: 'file', mediaType: content.input_audio.format === 'wav' ? 'audio/wav' : 'audio/mpeg', data: fromBase64(content.input_audio.data) };
    case 'file': {
      const parsed = parseDataUrl(content.file.file_data);
      return {
        type: 'file',
        mediaType: parsed?.mediaType ?? 'application/octet-stream',
        data: parsed?.data ?? new Uint8Array(),
        ...(content.file.filename === undefined ? {} : { filename: content.file.filename }),
      };
    }
  }
}
