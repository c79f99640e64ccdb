import type { FilePart, Message, ToolContentBlock, ToolResultPart } from '@tandem/core/spec';
import { emitProviderWarning, toBase64, toDataUrl, stringifyJson } from '@tandem/provider-utils';
import type { ChatMessage, ChatToolCall, ChatUserContent } from './chat-message.js';

/**
 * Options of {@link convertToChatMessages}.
 *
 * @category Wire format
 */
export interface ConvertToChatMessagesOptions {
  /** Send assistant reasoning back as `reasoning_content` (for servers that accept it). Default false. */
  readonly sendReasoning?: boolean;
}

/**
 * Converts Tandem messages to the Chat Completions `messages` array.
 *
 * - `system` → `{ role: 'system' }`; `user` → a string for plain text, else content parts (`text`,
 *   `image_url` with `data:` URLs or URLs, `input_audio` for wav/mp3, `file` for other files).
 * - `assistant` → text joined into `content`, tool calls as `tool_calls`; reasoning only with
 *   `sendReasoning`; provider-executed tool parts are left out (Chat Completions has no item for them).
 * - `tool` → one `{ role: 'tool' }` message per result (text, JSON text, or text parts). Chat Completions
 *   tool messages cannot carry images, so images of tool results follow in one `user` message that names the
 *   tool call. Error results are sent as their text (there is no error flag).
 *
 * @example
 * ```ts
 * convertToChatMessages([systemMessage('Be brief.'), userMessage('Hi')]);
 * // [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }]
 * ```
 *
 * @category Wire format
 */
export function convertToChatMessages(messages: readonly Message[], options: ConvertToChatMessagesOptions = {}): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system': {
        // Only text is sent: a `compaction` part is history bookkeeping, and a message of only that is skipped.
        const texts = message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : []));
        if (texts.length > 0) out.push({ role: 'system', content: texts.join('\n') });
        break;
      }
      case 'user': {
        const parts = message.parts.filter((p) => p.type === 'text' || p.type === 'file');
        if (parts.every((p) => p.type === 'text')) out.push({ role: 'user', content: parts.map((p) => (p.type === 'text' ? p.text : '')).join('') });
        else out.push({ role: 'user', content: parts.map((p) => (p.type === 'text' ? { type: 'text' as const, text: p.text } : userFile(p as FilePart))) });
        break;
      }
      case 'assistant': {
        let text = '';
        let reasoning = '';
        const toolCalls: ChatToolCall[] = [];
        for (const part of message.parts) {
          if (part.type === 'text') text += part.text;
          else if (part.type === 'reasoning') reasoning += part.text;
          else if (part.type === 'tool-call') toolCalls.push({ id: part.toolCallId, type: 'function', function: { name: part.toolName, arguments: part.toolArgs } });
        }
        out.push({
          role: 'assistant',
          content: text === '' && toolCalls.length > 0 ? null : text,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          ...(options.sendReasoning && reasoning !== '' ? { reasoning_content: reasoning } : {}),
        });
        break;
      }
      case 'tool': {
        const images: ChatUserContent[] = [];
        for (const part of message.parts) if (part.type === 'tool-result') out.push(toolMessage(part, images));
        if (images.length > 0) out.push({ role: 'user', content: images });
        break;
      }
    }
  }
  return out;
}

function userFile(part: { readonly mediaType: string; readonly data: Uint8Array | URL; readonly filename?: string }): ChatUserContent {
  const url = part.data instanceof URL ? part.data.toString() : toDataUrl(part.mediaType, part.data);
  if (part.mediaType.startsWith('image/')) return { type: 'image_url', image_url: { url } };
  if ((part.mediaType === 'audio/wav' || part.mediaType === 'audio/mpeg' || part.mediaType === 'audio/mp3') && part.data instanceof Uint8Array) {
    return { type: 'input_audio', input_audio: { data: toBase64(part.data), format: part.mediaType === 'audio/wav' ? 'wav' : 'mp3' } };
  }
  if (part.data instanceof URL) emitProviderWarning('Chat Completions: file URLs are not supported; send file bytes instead.');
  return { type: 'file', file: { filename: part.filename ?? 'file', file_data: url } };
}

function toolMessage(part: ToolResultPart, images: ChatUserContent[]): ChatMessage {
  const output = part.modelInput;
  if (output.type === 'text') return { role: 'tool', tool_call_id: part.toolCallId, content: output.value };
  if (output.type === 'json') return { role: 'tool', tool_call_id: part.toolCallId, content: stringifyJson(output.value) };
  const texts = output.value.filter((b): b is Extract<ToolContentBlock, { type: 'text' }> => b.type === 'text');
  const files = output.value.filter((b): b is Extract<ToolContentBlock, { type: 'file' }> => b.type === 'file');
  if (files.length > 0) {
    images.push({ type: 'text', text: `Files returned by tool call ${part.toolCallId} (${part.toolName}):` });
    for (const file of files) images.push(userFile(file));
  }
  return { role: 'tool', tool_call_id: part.toolCallId, content: texts.map((b) => ({ type: 'text' as const, text: b.text })) };
}
