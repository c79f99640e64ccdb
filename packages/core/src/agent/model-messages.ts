import type { Message } from '../spec/message/v1/message.js';

/**
 * The history as a model is sent it: approval requests and responses are run state, not conversation, so
 * they are left out (a message left empty goes too), and consecutive tool messages — the results of one
 * group recorded at a pause and at its resume — become one. Returns `messages` itself when nothing
 * changes. @internal
 */
export function modelMessages(messages: readonly Message[]): Message[] {
  if (!messages.some(needsShaping)) return messages.slice();
  const shaped: Message[] = [];
  for (const message of messages) {
    const parts = message.parts.filter((part) => part.type !== 'tool-approval-request' && part.type !== 'tool-approval-response');
    if (parts.length === 0) continue;
    const previous = shaped[shaped.length - 1];
    if (message.role === 'tool' && previous?.role === 'tool') {
      shaped[shaped.length - 1] = { ...previous, parts: [...previous.parts, ...parts] };
      continue;
    }
    shaped.push(parts.length === message.parts.length ? message : { ...message, parts });
  }
  return shaped;
}

function needsShaping(message: Message, index: number, messages: readonly Message[]): boolean {
  if (message.role === 'tool' && messages[index - 1]?.role === 'tool') return true;
  return message.parts.some((part) => part.type === 'tool-approval-request' || part.type === 'tool-approval-response');
}
