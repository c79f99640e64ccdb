import type { Message } from '../spec/message/v1/message.js';
import type { ToolResultPart } from '../spec/message/v1/part.js';
import { requestOwner } from './approval-records.js';

const REPAIRED_TEXT = 'Tool call cancelled: the conversation was interrupted before it finished.';

/**
 * Pairs every tool call of `history` that has no result with a `cancelled` result, so the history is
 * valid for every provider after a crash mid-group. The results go right after the assistant message that
 * holds the calls (into the tool message already there, or a new one). Calls answered in `answered` (a
 * caller's tool results in the next input) are left alone, and so is a group that waits for a person
 * (a `tool-approval-request` without a result, from a run that paused): a later run resumes it. Returns a new array; `history` is not changed.
 *
 * @example
 * ```ts
 * const history = repairHistory(await store.load('chat-1'));
 * ```
 *
 * @category Sessions
 */
export function repairHistory(history: readonly Message[], answered: ReadonlySet<string> = new Set()): Message[] {
  const results = new Set<string>(answered);
  for (const message of history) {
    for (const part of message.parts) if (part.type === 'tool-result') results.add(part.toolCallId);
  }
  const repaired: Message[] = [];
  for (let i = 0; i < history.length; i++) {
    const message = history[i] as Message;
    repaired.push(message);
    if (message.role !== 'assistant') continue;
    // A group paused for approval is left whole: a later run resumes it (calls for the caller included).
    if (message.parts.some((part) => part.type === 'tool-approval-request' && !results.has(requestOwner(part)))) continue;
    const missing: ToolResultPart[] = [];
    for (const part of message.parts) {
      if (part.type !== 'tool-call' || results.has(part.toolCallId)) continue;
      results.add(part.toolCallId);
      missing.push({
        type: 'tool-result',
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        status: 'cancelled',
        result: REPAIRED_TEXT,
        modelInput: { type: 'text', value: REPAIRED_TEXT },
      });
    }
    if (missing.length === 0) continue;
    const next = history[i + 1];
    if (next?.role === 'tool') {
      repaired.push({ ...next, parts: [...next.parts, ...missing] });
      i++;
    } else repaired.push({ role: 'tool', parts: missing });
  }
  return repaired;
}

/**
 * The ids of the tool results in `messages`. @internal
 *
 * @category Sessions
 */
export function answeredCallIds(messages: readonly Message[]): Set<string> {
  const ids = new Set<string>();
  for (const message of messages) for (const part of message.parts) if (part.type === 'tool-result') ids.add(part.toolCallId);
  return ids;
}
