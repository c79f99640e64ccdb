import type { Message } from '../spec/message/v1/message.js';
import type { ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { ToolCall } from '../events/agent-event.js';
import type { AfterToolCallEvent, BeforeToolCallEvent, HookEventBase } from './tool-call-hooks.js';

export type { AfterToolCallEvent, BeforeToolCallEvent, HookEventBase } from './tool-call-hooks.js';

/**
 * Before each model call; `request` may be replaced or edited. A `cancel()` from here ends the run without calling the model.
 *
 * @category Hooks
 */
export interface BeforeModelCallEvent extends HookEventBase {
  request: ModelRequest;
}

/**
 * After each model response, before its tools run.
 *
 * @category Hooks
 */
export interface AfterModelCallEvent extends HookEventBase {
  readonly message: Message;
  readonly toolCalls: readonly ToolCall[];
}

/**
 * After a whole tool group finished. Set `endTurn` to end the run without another model call (a string is appended as the final assistant message).
 *
 * @category Hooks
 */
export interface AfterToolsEvent extends HookEventBase {
  readonly results: readonly ToolResult[];
  readonly messages: readonly Message[];
  endTurn?: string | true;
}

/**
 * A message was appended to the conversation.
 *
 * @category Hooks
 */
export interface MessageAddedEvent extends HookEventBase {
  readonly message: Message;
}

/**
 * The hooks an agent can run; each may be async and receives a mutable event object.
 *
 * @example
 * ```ts
 * const agent = new Agent({
 *   tools,
 *   hooks: { beforeToolCall(event) { if (event.toolCall.toolName === 'delete_file') event.cancel = 'Not in this demo.'; } },
 * });
 * ```
 *
 * @category Hooks
 */
export interface AgentHooks {
  beforeModelCall(event: BeforeModelCallEvent): void | Promise<void>;
  afterModelCall(event: AfterModelCallEvent): void | Promise<void>;
  beforeToolCall(event: BeforeToolCallEvent): void | Promise<void>;
  afterToolCall(event: AfterToolCallEvent): void | Promise<void>;
  afterTools(event: AfterToolsEvent): void | Promise<void>;
  messageAdded(event: MessageAddedEvent): void | Promise<void>;
}

/**
 * The name of a hook.
 *
 * @category Hooks
 */
export type HookName = keyof AgentHooks;
