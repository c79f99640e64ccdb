import type { Message } from '../spec/message/v1/message.js';
import type { ToolApprovalRequestPart } from '../spec/message/v1/part.js';
import { pendingGroup } from '../agent/resume-plan.js';
import { mergeApprovalRecords } from './approval-records.js';

/**
 * The approval requests a paused conversation waits on — those of the group at its end that have no
 * result yet (a run that ended `interrupted`), in the model's order; nested runs' requests carry their
 * outer call's id as `parentToolCallId`. Works on a run's `result.messages` and on what a session store
 * returns (its approval records folded in). Empty when nothing waits. Answer each with
 * `approvalResponse(toolCallId, approved, reason?)`.
 *
 * @example
 * ```ts
 * const waiting = pendingApprovalRequests(await store.load('chat-1'));
 * for (const request of waiting) console.log(`${request.toolName} (${request.toolCallId}) waits for approval`);
 * ```
 *
 * @category Tool runtime
 */
export function pendingApprovalRequests(history: readonly Message[]): ToolApprovalRequestPart[] {
  const group = pendingGroup(mergeApprovalRecords(history));
  return group === undefined ? [] : [...group.requests.values()];
}
