import type { Message } from '../spec/message/v1/message.js';
import { newId } from '../util/new-id.js';

/**
 * `message`, or a copy with a fresh `id` (`msg_…`) when it has none — what an agent with a context manager
 * does to every message entering history, so a `compaction` can point at the last message it replaces.
 *
 * @example
 * ```ts
 * const recorded = withMessageId({ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }); // recorded.id: 'msg_…'
 * ```
 *
 * @category Context
 */
export function withMessageId(message: Message): Message {
  return message.id === undefined ? { ...message, id: newId('msg') } : message;
}

/**
 * Each message with an `id` (see {@link withMessageId}); the same array when all have one.
 *
 * @example
 * ```ts
 * const history = withMessageIds(storedMessages);
 * ```
 *
 * @category Context
 */
export function withMessageIds(messages: readonly Message[]): readonly Message[] {
  return messages.every((message) => message.id !== undefined) ? messages : messages.map(withMessageId);
}
