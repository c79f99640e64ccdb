import type { ToolCall } from '@tandem/core';
import { mergeApprovalRecords, requestOwner, type ApprovalAnswer } from '@tandem/core/runtime';
import { repairHistory } from '@tandem/core';
import type { Message, ToolResultPart } from '@tandem/core/spec';

/** Calls of a stored conversation that still wait for a person. @internal */
export interface RestoredApprovals {
  /** The calls, as the model made them (in call order); they run again as one group and ask again. */
  readonly calls: readonly ToolCall[];
  /** Answers already in the history (`tool-approval-response` parts, e.g. from a text run): given at once. */
  readonly answers: ReadonlyMap<string, ApprovalAnswer>;
}

const NOT_RESUMED = 'This tool call was interrupted before it finished (the conversation was restarted).';

/**
 * Reads a stored conversation for a voice conversation to continue it: approval records are folded into
 * the messages holding their calls, calls left without a result are paired with `cancelled` ones — except
 * calls that wait for approval (their own request, not answered by a result), which come back as
 * {@link RestoredApprovals} to be asked again (and answered at once where the history already holds an
 * approval response). Calls whose nested run paused cannot be resumed by voice: they are `cancelled`. @internal
 */
export function restoreHistory(stored: readonly Message[]): { readonly messages: Message[]; readonly pending: RestoredApprovals | undefined } {
  const merged = mergeApprovalRecords(stored);
  const results = new Set<string>();
  const responses = new Map<string, ApprovalAnswer>();
  for (const message of merged) {
    for (const part of message.parts) {
      if (part.type === 'tool-result') results.add(part.toolCallId);
      if (part.type === 'tool-approval-response') {
        responses.set(part.toolCallId, part.approved ? { approved: true } : { approved: false, reason: part.reason === '' ? undefined : part.reason });
      }
    }
  }
  const calls: ToolCall[] = [];
  const answers = new Map<string, ApprovalAnswer>();
  const messages: Message[] = [];
  for (let i = 0; i < merged.length; i++) {
    const message = merged[i] as Message;
    messages.push(message);
    if (message.role !== 'assistant') continue;
    const waiting = new Set<string>();
    for (const part of message.parts) {
      if (part.type === 'tool-approval-request' && part.parentToolCallId === undefined && !results.has(requestOwner(part))) waiting.add(part.toolCallId);
    }
    const cancelled: ToolResultPart[] = [];
    for (const part of message.parts) {
      if (part.type !== 'tool-call' || results.has(part.toolCallId)) continue;
      if (waiting.has(part.toolCallId)) {
        calls.push({ toolCallId: part.toolCallId, toolName: part.toolName, toolArgs: part.toolArgs, ...(part.input === undefined ? {} : { input: part.input }) });
        const answer = responses.get(part.toolCallId);
        if (answer !== undefined) answers.set(part.toolCallId, answer);
      } else {
        cancelled.push({ type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, status: 'cancelled', result: NOT_RESUMED, modelInput: { type: 'text', value: NOT_RESUMED } });
      }
      results.add(part.toolCallId);
    }
    if (cancelled.length > 0) messages.push({ role: 'tool', parts: cancelled });
  }
  // What is left unpaired (none, normally) is repaired as core repairs a loaded history.
  const repaired = repairHistory(messages, new Set(calls.map((call) => call.toolCallId)));
  return { messages: repaired, pending: calls.length === 0 ? undefined : { calls, answers } };
}
