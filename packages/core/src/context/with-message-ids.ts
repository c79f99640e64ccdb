import type { Message } from '../spec/message/v1/message.js';
import { newId } from '../util/new-id.js';

/** `message`, or a copy with a fresh `id` when it has none. @internal */
export function withMessageId(message: Message): Message {
  return message.id === undefined ? { ...message, id: newId('msg') } : message;
}

/** Each message with an `id` (the same array when all have one). @internal */
export function withMessageIds(messages: readonly Message[]): readonly Message[] {
  return messages.every((message) => message.id !== undefined) ? messages : messages.map(withMessageId);
}
