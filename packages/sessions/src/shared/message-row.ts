import { messageFromJson, messageToJson, type Message } from '@tandem/core';
import { SessionStoreError } from '../errors/session-store-error.js';

/**
 * The stored text of one message: its JSON from `messageToJson()` (bytes as tagged base64), so that
 * {@link rowToMessage} gives back an equal message. Rejects what is not a message, so that a bad append
 * fails at once instead of poisoning every later `load()`.
 */
export function messageToRow(message: Message, index: number): string {
  if (typeof message !== 'object' || message === null || typeof message.role !== 'string' || !Array.isArray(message.parts)) {
    throw new TypeError(`append(): messages[${index}] is not a message (an object with a "role" and a "parts" array).`);
  }
  return JSON.stringify(messageToJson(message));
}

/** Reads back a row written by {@link messageToRow}; a row that does not parse is reported with where it is. */
export function rowToMessage(text: string, where: { readonly sessionId: string; readonly seq: number }): Message {
  try {
    return messageFromJson(JSON.parse(text));
  } catch (error) {
    throw new SessionStoreError(
      `Message ${where.seq} of session ${JSON.stringify(where.sessionId)} is not a stored message (${error instanceof Error ? error.message : String(error)}); the row was changed outside Tandem.`,
      { cause: error },
    );
  }
}
