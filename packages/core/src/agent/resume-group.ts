import type { Message } from '../spec/message/v1/message.js';
import type { ToolCall } from '../events/agent-event.js';
import { approvalResponse } from '../messages/approval-response.js';
import { messageFromJson } from '../messages/message-json.js';
import type { ApprovalAnswer } from '../tool-runtime/approval.js';
import type { NestedResume } from '../tool-runtime/tool-run-context.js';
import { requestOwner } from '../session/approval-records.js';
import type { RunProgress } from './run-context.js';
import { recordPause } from './record-pause.js';
import type { ResumePlan } from './resume-plan.js';
import { lateCancel, newGroup, throwIfHookFailed } from './run-step.js';
import { decideStep, type StepDecision } from './step-decision.js';
import { toolMessage } from './tool-message.js';

type End = Extract<StepDecision, { type: 'end' }>;

/**
 * Settles the group a paused run left, before any model call: approved calls run (with `tool-call-start`
 * and `tool-call-result`), denied ones get the denial's error result, a call whose nested run paused
 * resumes that run with its answers, and calls still unanswered ask again — re-announced with a
 * `tool-approval-request` event, and under `'interrupt'` paused again. Their results go in a tool message
 * right after the pause's. Resolves with how the run ends, or `undefined` when the loop goes on to the
 * model. @internal
 */
export async function resumeGroup(progress: RunProgress, plan: ResumePlan): Promise<End | undefined> {
  const { config } = progress;
  const { state } = config;
  const { preApproved, nestedResume } = resumeInputs(plan);
  const tools = config.catalog.current();
  const isPending = (call: ToolCall): boolean => tools.byName.get(call.toolName)?.execute === undefined && tools.byName.has(call.toolName);
  const { calls, owners } = plan.pending;
  const group = newGroup(progress, 0, tools, { preApproved, nestedResume });
  // Calls for the caller without a request stay pending as they were; the others settle now.
  for (const call of calls) if (isPending(call) && owners.has(call.toolCallId)) group.askApprovalForCaller(call);
  await group.settle(calls.filter((call) => !isPending(call) && owners.has(call.toolCallId)));
  if (progress.hookFailure !== undefined) {
    // A throwing afterToolCall ends the run: the group's calls keep their results (paired), then it rejects.
    const settled = group.finish(calls).map((outcome) => outcome.result);
    if (settled.length > 0) await progress.recorder.recordQuietly(toolMessage(settled));
    throwIfHookFailed(progress);
  }
  const waitsForCaller = (call: ToolCall): boolean => isPending(call) && !group.hasOutcome(call) && group.interruption(call) === undefined;
  const interrupted = calls.filter((call) => group.interruption(call) !== undefined);
  const decision = decideStep({
    response: { type: 'complete', finishReason: 'tool-calls' },
    cancelled: state.cancelled,
    cancelMessage: state.cancelMessage,
    deferred: state.deferred,
    callCount: calls.length,
    pendingCount: calls.filter(waitsForCaller).length,
    interruptedCount: interrupted.length,
  });
  const ends = decision.type === 'end' ? decision.stopReason : undefined;
  const keepPending =
    ends === 'toolUse' ? waitsForCaller : ends === 'interrupted' ? (call: ToolCall) => waitsForCaller(call) || group.interruption(call) !== undefined : undefined;
  const results = group.finish(calls, keepPending).map((settled) => settled.result);
  const interruptions = ends === 'interrupted' ? await recordPause(progress, group, interrupted) : [];
  if (results.length > 0) await progress.recorder.record(toolMessage(results), 0);
  const late = keepPending === undefined ? undefined : await lateCancel(progress, 0, calls.filter(keepPending));
  if (late !== undefined && late.type === 'end') return late;
  if (decision.type !== 'end') return undefined;
  return interruptions.length > 0 ? { ...decision, interruptions } : decision;
}

function resumeInputs(plan: ResumePlan): { preApproved: Map<string, ApprovalAnswer>; nestedResume: Map<string, NestedResume> } {
  const preApproved = new Map<string, ApprovalAnswer>();
  const nestedResume = new Map<string, NestedResume>();
  const { pending, answers } = plan;
  for (const call of pending.calls) {
    if (!pending.owners.has(call.toolCallId)) continue;
    const own = pending.requests.get(call.toolCallId);
    if (own !== undefined && own.parentToolCallId === undefined) {
      const answer = answers.get(call.toolCallId);
      if (answer !== undefined) preApproved.set(call.toolCallId, answer);
      continue;
    }
    // The call ran a nested run that paused: it runs again (already approved, if it needed that) and
    // resumes that run from its messages, with the answers meant for it.
    const nested = [...pending.requests.values()].filter((part) => requestOwner(part) === call.toolCallId);
    const messages: Message[] = decodeState(nested[0]?.state);
    for (const part of nested) {
      const answer = answers.get(part.toolCallId);
      if (answer !== undefined) messages.push(approvalResponse(part.toolCallId, answer.approved, answer.approved ? undefined : answer.reason));
    }
    preApproved.set(call.toolCallId, { approved: true });
    nestedResume.set(call.toolCallId, { messages });
  }
  return { preApproved, nestedResume };
}

function decodeState(state: unknown): Message[] {
  if (!Array.isArray(state)) return [];
  return state.map((message: unknown) => messageFromJson(message));
}
