import type { AssistantPart, Message, UserPart } from '../spec/message/v1/message.js';

/**
 * A user message from text or parts.
 *
 * @example
 * ```ts
 * userMessage('What is in this picture?');
 * userMessage([{ type: 'text', text: 'Describe:' }, { type: 'file', mediaType: 'image/png', data: png }]);
 * ```
 *
 * @category Messages
 */
export function userMessage(content: string | readonly UserPart[]): Message {
  return { role: 'user', parts: typeof content === 'string' ? [{ type: 'text', text: content }] : content };
}

/**
 * A system message. @example `systemMessage('You are terse.')`
 *
 * @category Messages
 */
export function systemMessage(text: string): Message {
  return { role: 'system', parts: [{ type: 'text', text }] };
}

/**
 * An assistant message from text or parts. @example `assistantMessage('Hello!')`
 *
 * @category Messages
 */
export function assistantMessage(content: string | readonly AssistantPart[]): Message {
  return { role: 'assistant', parts: typeof content === 'string' ? [{ type: 'text', text: content }] : content };
}

/**
 * The concatenated text parts of a message. @example `messageText(run.message)`
 *
 * @category Messages
 */
export function messageText(message: Message | undefined): string {
  if (message === undefined) return '';
  let text = '';
  for (const part of message.parts) if (part.type === 'text') text += part.text;
  return text;
}
