import type { Message } from '../spec/message/v1/message.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { AfterToolCallEvent, BeforeToolCallEvent } from '../agent/agent-hooks.js';
import type { FunctionTool } from '../tool/tool.js';
import type { ToolAgent } from '../tool/tool-context.js';
import type { AbortFanout } from '../internal/abort-fanout.js';

/** Hooks around each tool call (the `Agent`'s hooks, or your own when using {@link runToolGroup} directly). */
export interface ToolCallHooks {
  beforeToolCall?(event: BeforeToolCallEvent): void | Promise<void>;
  afterToolCall?(event: AfterToolCallEvent): void | Promise<void>;
}

/** What every call of a group shares. @internal */
export interface ToolRunContext {
  readonly tools: ReadonlyMap<string, FunctionTool>;
  readonly agent: ToolAgent;
  readonly messages: readonly Message[];
  readonly invocationState: Record<string, unknown>;
  readonly requestState: Record<string, unknown>;
  readonly runId: string;
  readonly step: number;
  readonly signal: AbortSignal;
  /** Links per-call controllers to `signal` through a single listener. */
  readonly abortFanout: AbortFanout;
  readonly emit: (event: AgentEvent) => void;
  readonly hooks: ToolCallHooks | undefined;
}

/** The outcome of one call: its result and, when it failed, what was thrown. @internal */
export interface ToolCallOutcome {
  readonly result: ToolResult;
  readonly exception?: unknown;
}
