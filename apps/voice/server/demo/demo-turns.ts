import { planDemoTurn } from '@tandem/cli/demo-model';
import type { BidiToolCall, Message, ToolDefinition, ToolResult } from '@tandem/core/spec';

/** One response of the offline demo model: what it says, and the tools it calls as one group. */
export interface DemoTurn {
  readonly text: string;
  readonly calls: readonly BidiToolCall[];
}

/**
 * The answer to a typed turn, by the demo rules of `@tandem/cli/demo-model`: a turn that names tools
 * calls them (one group, `key=value` words as arguments); any other turn is told how to name a tool.
 */
export function typedTurn(text: string, tools: readonly ToolDefinition[], nextCallId: () => string): DemoTurn {
  const message: Message = { role: 'user', parts: [{ type: 'text', text }] };
  const plan = planDemoTurn({ tools, messages: [message] });
  if (plan.kind !== 'call-tools') return { text: plan.text, calls: [] };
  return {
    text: plan.text,
    calls: plan.calls.map((call) => ({ toolCallId: nextCallId(), toolName: call.toolName, toolArgs: JSON.stringify(call.input) })),
  };
}

/** The demo model's report of a tool group's results, by the same rules. */
export function resultsTurn(results: readonly ToolResult[]): DemoTurn {
  const message: Message = {
    role: 'tool',
    parts: results.map(({ toolCallId, toolName, status, result, modelInput }) => ({ type: 'tool-result', toolCallId, toolName, status, result, modelInput })),
  };
  return { text: planDemoTurn({ tools: [], messages: [message] }).text, calls: [] };
}

/** What the demo model says (once per connection) after hearing speech it cannot understand. */
export function speechTurn(durationMs: number): DemoTurn {
  return {
    text: `I heard you speak for ${seconds(durationMs)} seconds, but I am the offline demo model and do not understand speech. Type your turn in the box instead.`,
    calls: [],
  };
}

/** A duration in seconds with one decimal. */
export function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

/** A context note of `approvals: 'spoken'`: the call waiting for the user's approval. */
export interface DemoApprovalRequest {
  readonly toolCallId: string;
  readonly toolName: string;
}

const APPROVAL_NOTE = /^The tool call (\S+) \(([\w-]+) with input .*\) needs the user's approval/s;

/** Reads the approval request out of a context note; `undefined` for any other note. */
export function approvalRequestOf(note: string): DemoApprovalRequest | undefined {
  const match = APPROVAL_NOTE.exec(note);
  return match === null ? undefined : { toolCallId: match[1] as string, toolName: match[2] as string };
}

/** What the demo model says when a call waits for approval: it asks, as a voice model would. */
export function approvalQuestionTurn(request: DemoApprovalRequest): DemoTurn {
  return { text: `Shall I go ahead with ${request.toolName}? Say yes or no, or use the buttons.`, calls: [] };
}

/**
 * A typed "yes" or "no" while a call waits for approval: the demo model records the user's answer with
 * `answer_approval`, as a voice model would after hearing it. `undefined` for any other turn.
 */
export function approvalAnswerTurn(text: string, request: DemoApprovalRequest, callId: string): DemoTurn | undefined {
  const word = text.trim().toLowerCase().replace(/[.!]+$/, '');
  const approved = /^(yes|yes please|go ahead|ok|okay|sure)$/.test(word) ? true : /^(no|no thanks|don't|stop)$/.test(word) ? false : undefined;
  if (approved === undefined) return undefined;
  const input = approved ? { toolCallId: request.toolCallId, approved } : { toolCallId: request.toolCallId, approved, reason: 'the user said no' };
  return {
    text: approved ? `Going ahead with ${request.toolName}.` : `All right, I will not run ${request.toolName}.`,
    calls: [{ toolCallId: callId, toolName: 'answer_approval', toolArgs: JSON.stringify(input) }],
  };
}
