import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { ToolCall } from '../events/agent-event.js';
import type { FunctionTool } from '../tool-definition/tool.js';

/**
 * Fields of every hook event.
 *
 * @category Hooks
 */
export interface HookEventBase {
  readonly runId: string;
  readonly step: number;
}

/**
 * Before a tool call runs. Set `cancel` (a reason string, or `true`) to skip it with an error result, or replace `input`.
 *
 * @category Hooks
 */
export interface BeforeToolCallEvent extends HookEventBase {
  readonly toolCall: ToolCall;
  readonly tool: FunctionTool;
  input: unknown;
  cancel?: string | true;
}

/**
 * After a tool call finished; `result` may be replaced.
 *
 * @category Hooks
 */
export interface AfterToolCallEvent extends HookEventBase {
  readonly toolCall: ToolCall;
  result: ToolResult;
  readonly exception?: unknown;
}

/**
 * Hooks around each tool call: the `Agent`'s hooks, or your own when using `runToolGroup` directly.
 * Each may be async; an absent hook costs nothing.
 *
 * @example
 * ```ts
 * const hooks: ToolCallHooks = {
 *   beforeToolCall(event) { if (event.toolCall.toolName === 'rm') event.cancel = 'Not allowed here.'; },
 * };
 * ```
 *
 * @category Hooks
 */
export interface ToolCallHooks {
  beforeToolCall?(event: BeforeToolCallEvent): void | Promise<void>;
  afterToolCall?(event: AfterToolCallEvent): void | Promise<void>;
}
