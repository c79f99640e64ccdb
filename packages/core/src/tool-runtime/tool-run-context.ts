import type { AttemptSignals } from './attempt-signals.js';
import type { Message } from '../spec/message/v1/message.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { ToolCallHooks } from '../hooks/tool-call-hooks.js';
import type { ToolGroupTrace } from '../telemetry/telemetry.js';
import type { FunctionTool } from '../tool-definition/tool.js';
import type { ToolAgent } from '../tool-definition/tool-context.js';
import type { ApprovalAnswer, ApprovalGate, ApprovalRequest } from './approval.js';

export type { ToolCallHooks } from '../hooks/tool-call-hooks.js';

/** What every call of a group shares. @internal */
export interface ToolRunContext {
  readonly tools: ReadonlyMap<string, FunctionTool>;
  readonly agent: ToolAgent;
  readonly messages: readonly Message[];
  readonly invocationState: Record<string, unknown>;
  readonly requestState: Record<string, unknown>;
  readonly runId: string;
  readonly step: number;
  /** The group's signal: aborts every call of the group. */
  readonly signal: AbortSignal;
  /** Signals and races that follow `signal` through the group's one listener (waits use these, never `signal` itself). */
  readonly signals?: AttemptSignals;
  readonly emit: (event: AgentEvent) => void;
  /** Only the hooks that are registered (an absent one is skipped at no cost). */
  readonly hooks: ToolCallHooks | undefined;
  /** Where calls that need approval wait; without it they are denied with a message saying so. */
  readonly approvals: ApprovalGate | undefined;
  /** The group's trace, when telemetry is on. */
  readonly trace: ToolGroupTrace | undefined;
  /** Bounds each approval wait (the tool's `config.approvalTimeoutMs` wins); default none. */
  readonly approvalTimeoutMs?: number;
  /** What `ctx.idempotencyKey` is made of: `<scope>:<toolCallId>` (the session id, else the run id). */
  readonly idempotencyScope?: string;
  /** Answers given before the call ran (a resumed run): the call does not ask again. */
  readonly preApproved?: ReadonlyMap<string, ApprovalAnswer>;
  /**
   * Told of a tool's promise that an abort stopped waiting for (the call is answered `cancelled`); the run
   * tracks it as work that may be abandoned after `cancelGraceMs`, labelled e.g. `tool search (c1)`.
   */
  readonly abandoned?: (label: string, promise: PromiseLike<unknown>) => void;
  /** Resume data for calls that run a nested agent whose run was interrupted (by the call's id). */
  readonly nestedResume?: ReadonlyMap<string, NestedResume>;
}

/** How a call that runs a nested agent resumes it: the inner run's messages and the answers for it. @internal */
export interface NestedResume {
  readonly messages: readonly Message[];
}

/**
 * A call that ended waiting for a person (`approvals: 'interrupt'`): it has no result yet. `requests` are
 * the approvals it waits for — its own, or those of the nested run it started (then `state` holds that
 * run's messages, JSON-encoded). @internal
 */
export interface ToolCallInterruption {
  readonly interruption: {
    readonly requests: readonly ApprovalRequest[];
    readonly state?: unknown;
  };
}

/** How one call ends: an outcome (a result), or an interruption. @internal */
export type ToolCallEnd = ToolCallOutcome | ToolCallInterruption;

/** Whether `end` is an interruption. @internal */
export function isInterruption(end: ToolCallEnd): end is ToolCallInterruption {
  return 'interruption' in end;
}

/** The outcome of one call: its result and, when it failed, what was thrown. @internal */
export interface ToolCallOutcome {
  readonly result: ToolResult;
  readonly exception?: unknown;
}
