import type { Message } from '../spec/message/v1/message.js';
import type { ToolApprovalRequestPart } from '../spec/message/v1/part.js';
import type { ToolCall } from '../events/agent-event.js';
import type { ApprovalAnswer } from '../tool-runtime/approval.js';
import { requestOwner } from '../session/approval-records.js';

/** The group a paused run left: its calls that wait for a person, and their requests. @internal */
export interface PendingGroup {
  /** Index of the assistant message that holds the calls. */
  readonly holder: number;
  /**
   * The calls of the group without a result, in the model's order: those with requests (own, or of their
   * nested run), and those pending for the caller (tools without `execute`).
   */
  readonly calls: readonly ToolCall[];
  /** The ids of the calls that have requests. */
  readonly owners: ReadonlySet<string>;
  /** Every pending request, by the id it is answered with. */
  readonly requests: ReadonlyMap<string, ToolApprovalRequestPart>;
}

/** How a run resumes a paused group: the group, and the answers its input gives (by request id). @internal */
export interface ResumePlan {
  readonly pending: PendingGroup;
  readonly answers: ReadonlyMap<string, ApprovalAnswer>;
}

/**
 * Finds the paused group at the end of `messages` (the last assistant message, followed by tool messages
 * only) and checks the new approval responses (those after the last recorded results) against it.
 * @throws TypeError naming the id of a response for an unknown or already-answered call.
 * @internal
 */
export function planResume(messages: readonly Message[]): ResumePlan | undefined {
  const pending = pendingGroup(messages);
  // Responses that earlier resumes already acted on come before the results they led to; only the
  // answers after the last recorded results are new.
  const responses = approvalResponses(openResponses(messages, pending?.holder ?? lastNonTool(messages)));
  if (pending === undefined) {
    const first = responses.keys().next();
    if (!first.done) throw unanswerable(first.value, messages);
    return undefined;
  }
  for (const id of responses.keys()) if (!pending.requests.has(id)) throw unanswerable(id, messages);
  return { pending, answers: responses };
}

/** The paused group at the end of `messages`, if any. @internal */
export function pendingGroup(messages: readonly Message[]): PendingGroup | undefined {
  let holder = messages.length - 1;
  while (holder >= 0 && messages[holder]?.role === 'tool') holder--;
  const assistant = messages[holder];
  if (assistant?.role !== 'assistant') return undefined;
  const answered = new Set<string>();
  for (let i = holder + 1; i < messages.length; i++) {
    for (const part of (messages[i] as Message).parts) if (part.type === 'tool-result') answered.add(part.toolCallId);
  }
  const requests = new Map<string, ToolApprovalRequestPart>();
  const owners = new Set<string>();
  for (const part of assistant.parts) {
    if (part.type !== 'tool-approval-request' || answered.has(requestOwner(part))) continue;
    requests.set(part.toolCallId, part);
    owners.add(requestOwner(part));
  }
  if (requests.size === 0) return undefined;
  const calls: ToolCall[] = [];
  for (const part of assistant.parts) {
    if (part.type !== 'tool-call' || answered.has(part.toolCallId)) continue;
    calls.push({ toolCallId: part.toolCallId, toolName: part.toolName, toolArgs: part.toolArgs, ...('input' in part ? { input: part.input } : {}) });
  }
  return { holder, calls, requests, owners };
}

function lastNonTool(messages: readonly Message[]): number {
  let index = messages.length - 1;
  while (index >= 0 && messages[index]?.role === 'tool') index--;
  return index;
}

function openResponses(messages: readonly Message[], holder: number): readonly Message[] {
  let from = holder + 1;
  for (let i = messages.length - 1; i > holder; i--) {
    if ((messages[i] as Message).parts.some((part) => part.type === 'tool-result')) {
      from = i + 1;
      break;
    }
  }
  return messages.slice(from);
}

function approvalResponses(input: readonly Message[]): Map<string, ApprovalAnswer> {
  const answers = new Map<string, ApprovalAnswer>();
  for (const message of input) {
    for (const part of message.parts) {
      if (part.type !== 'tool-approval-response') continue;
      if (answers.has(part.toolCallId)) {
        throw new TypeError(`Tool call "${part.toolCallId}" is answered twice in this input; send one approvalResponse() per call.`);
      }
      answers.set(part.toolCallId, part.approved ? { approved: true } : { approved: false, reason: part.reason === '' ? undefined : part.reason });
    }
  }
  return answers;
}

function unanswerable(id: string, messages: readonly Message[]): TypeError {
  const known = messages.some((message) => message.parts.some((part) => part.type === 'tool-approval-request' && part.toolCallId === id));
  return known
    ? new TypeError(`Tool call "${id}" was already answered; answer only the calls in result.interruptions of the run that paused.`)
    : new TypeError(`No tool call "${id}" waits for approval in this conversation; answer the calls in result.interruptions of the run that paused.`);
}
