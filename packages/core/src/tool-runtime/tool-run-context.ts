import type { Message } from '../spec/message/v1/message.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { ToolCallHooks } from '../hooks/tool-call-hooks.js';
import type { ToolGroupTrace } from '../telemetry/telemetry.js';
import type { FunctionTool } from '../tool/tool.js';
import type { ToolAgent } from '../tool/tool-context.js';
import type { ApprovalGate } from './approval.js';

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
  readonly emit: (event: AgentEvent) => void;
  /** Only the hooks that are registered (an absent one is skipped at no cost). */
  readonly hooks: ToolCallHooks | undefined;
  /** Where calls that need approval wait; without it they are denied with a message saying so. */
  readonly approvals: ApprovalGate | undefined;
  /** The group's trace, when telemetry is on. */
  readonly trace: ToolGroupTrace | undefined;
}

/** The outcome of one call: its result and, when it failed, what was thrown. @internal */
export interface ToolCallOutcome {
  readonly result: ToolResult;
  readonly exception?: unknown;
}
