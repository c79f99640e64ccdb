import type { Message } from '../spec/message/v1/message.js';

/**
 * A run of messages that must stay together: a user message, or an assistant message with the tool
 * messages right after it (its tool group — each call with its result). Indices are into the list. @internal
 */
export interface MessageUnit {
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
  readonly role: Message['role'];
}

/**
 * Splits the non-system messages of `messages` into units, oldest first. System messages are not in any
 * unit (context managers keep them). Tool messages belong to the unit before them; a tool message with
 * no unit before it is a unit of its own. @internal
 */
export function messageUnits(messages: readonly Message[]): MessageUnit[] {
  const units: MessageUnit[] = [];
  let start = -1;
  let role: Message['role'] = 'user';
  let end = -1;
  const close = (): void => {
    if (start >= 0) units.push({ start, end, role });
    start = -1;
  };
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    if (message.role === 'system') continue;
    if (message.role === 'tool' && start >= 0) {
      end = i + 1;
      continue;
    }
    close();
    start = i;
    end = i + 1;
    role = message.role;
  }
  close();
  return units;
}

/** The messages of a unit, system messages inside its span left out. @internal */
export function unitMessages(messages: readonly Message[], unit: MessageUnit): Message[] {
  const out: Message[] = [];
  for (let i = unit.start; i < unit.end; i++) {
    const message = messages[i] as Message;
    if (message.role !== 'system') out.push(message);
  }
  return out;
}
