import type { Message } from '../spec/message/v1/message.js';
import type { ToolApprovalRequestPart } from '../spec/message/v1/part.js';
import type { ToolCall } from '../events/agent-event.js';
import type { ApprovalRequest } from '../tool-runtime/approval.js';
import { cancelledResult } from '../tool-runtime/tool-result.js';
import type { ToolGroup } from '../tool-runtime/tool-group.js';
import { applyApprovalRecord } from '../session/approval-records.js';
import type { RunProgress } from './run-context.js';
import { toolMessage } from './tool-message.js';

/**
 * Records the requests of the calls that wait for a person when a run pauses: in memory they join the
 * assistant message holding the calls; the session gets an approval record (an assistant message of
 * request parts, folded back in on load), since the assistant message was stored before. Returns the
 * requests, in call order, for `result.interruptions`. @internal
 */
export async function recordPause(progress: RunProgress, group: ToolGroup, calls: readonly ToolCall[]): Promise<ApprovalRequest[]> {
  const requests: ApprovalRequest[] = [];
  const parts: ToolApprovalRequestPart[] = [];
  for (const call of calls) {
    const interruption = group.interruption(call);
    if (interruption === undefined) continue;
    for (const request of interruption.requests) {
      requests.push(request);
      parts.push({
        type: 'tool-approval-request',
        toolCallId: request.toolCallId,
        toolName: request.toolName,
        input: request.input,
        ...(request.parentToolCallId === undefined ? {} : { parentToolCallId: request.parentToolCallId }),
        ...(interruption.state === undefined ? {} : { state: interruption.state }),
      });
    }
  }
  if (parts.length === 0) return requests;
  const { state, session } = progress.config;
  const holder = holderIndex(state.messages, calls[0]?.toolCallId);
  if (holder !== -1) state.messages[holder] = applyApprovalRecord(state.messages[holder] as Message, parts);
  if (session !== undefined) await session.store.append(session.id, [{ role: 'assistant', parts }]);
  return requests;
}

/**
 * An immediate cancel that landed while a `toolUse` or `interrupted` step was being recorded wins: the
 * calls left pending get `cancelled` results (reported and recorded) and the run ends `cancelled`. @internal
 */
export async function pairLateCancel(progress: RunProgress, step: number, pending: readonly ToolCall[]): Promise<void> {
  const { config } = progress;
  if (pending.length === 0) return;
  const results = pending.map((call) => cancelledResult(call));
  for (const result of results) config.emit({ type: 'tool-call-result', runId: config.runId, step, result, results: [result] });
  await progress.recorder.recordQuietly(toolMessage(results));
}

function holderIndex(messages: readonly Message[], toolCallId: string | undefined): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as Message;
    if (message.role === 'assistant' && message.parts.some((part) => part.type === 'tool-call' && part.toolCallId === toolCallId)) return i;
  }
  return -1;
}
