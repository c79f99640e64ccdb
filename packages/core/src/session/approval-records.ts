import type { Message } from '../spec/message/v1/message.js';
import type { Part, ToolApprovalRequestPart } from '../spec/message/v1/part.js';

/**
 * The call of this conversation a request belongs to: its own call, or the outer call that runs its
 * nested run. For agents built on the runtime (`@tandem/bidi`).
 *
 * @example
 * ```ts
 * requestOwner({ type: 'tool-approval-request', toolCallId: 'inner', toolName: 'pay', input: {}, parentToolCallId: 'outer' }); // 'outer'
 * ```
 *
 * @category Sessions
 */
export function requestOwner(part: ToolApprovalRequestPart): string {
  return part.parentToolCallId ?? part.toolCallId;
}

/**
 * Whether `message` is an approval record: an assistant message of `tool-approval-request` parts only,
 * written to a session when a run pauses (the assistant message holding the calls was stored before).
 * @internal
 */
export function isApprovalRecord(message: Message): boolean {
  return message.role === 'assistant' && message.parts.length > 0 && message.parts.every((part) => part.type === 'tool-approval-request');
}

/**
 * `message` with the requests of `record` in place: for each call the record names, its earlier requests
 * are replaced by the record's. @internal
 */
export function applyApprovalRecord(message: Message, record: readonly ToolApprovalRequestPart[]): Message {
  const owners = new Set(record.map(requestOwner));
  const kept = message.parts.filter((part) => part.type !== 'tool-approval-request' || !owners.has(requestOwner(part)));
  return { ...message, parts: [...kept, ...record] };
}

/**
 * Folds approval records (assistant messages of `tool-approval-request` parts only, which a paused run
 * appends to its session) back into the assistant messages that hold their calls, so a loaded history
 * reads as the run's own messages did. For agents built on the runtime that load sessions themselves.
 *
 * @example
 * ```ts
 * const history = repairHistory(mergeApprovalRecords(await store.load(id)));
 * ```
 *
 * @category Sessions
 */
export function mergeApprovalRecords(history: readonly Message[]): Message[] {
  if (!history.some(isApprovalRecord)) return history.slice();
  const merged: Message[] = [];
  for (const message of history) {
    if (!isApprovalRecord(message)) {
      merged.push(message);
      continue;
    }
    const parts = message.parts as readonly ToolApprovalRequestPart[];
    const target = holderIndex(merged, requestOwner(parts[0] as ToolApprovalRequestPart));
    if (target === -1) continue;
    merged[target] = applyApprovalRecord(merged[target] as Message, parts);
  }
  return merged;
}

function holderIndex(messages: readonly Message[], toolCallId: string): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as Message;
    if (message.role === 'assistant' && message.parts.some((part: Part) => part.type === 'tool-call' && part.toolCallId === toolCallId)) return i;
  }
  return -1;
}
