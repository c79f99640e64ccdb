import type {
  BuiltinToolCallPart,
  BuiltinToolResultPart,
  FilePart,
  ReasoningPart,
  TextPart,
  ToolCallPart,
  ToolResultPart,
  ToolApprovalRequestPart,
  ToolApprovalResponsePart,
  Part,
  CompactionPart,
} from './part.js';

/**
 * Who said it. `tool` messages carry tool results.
 *
 * @category Messages
 */
export type Role = 'system' | 'user' | 'assistant' | 'tool';

/**
 * One message of a conversation.
 *
 * Conventions providers rely on: `system` messages hold text parts (and `compaction` parts, which providers skip); `user` messages hold text and file
 * parts; `assistant` messages hold text, reasoning, file, tool-call and builtin-tool parts; `tool`
 * messages hold tool-result parts.
 *
 * @category Messages
 */
export interface Message {
  readonly id?: string;
  readonly role: Role;
  readonly parts: readonly Part[];
}

/**
 * Parts allowed in a system message: instructions as text, and the `compaction` summaries context managers record.
 *
 * @category Messages
 */
export type SystemPart = TextPart | CompactionPart;

/**
 * Parts allowed in a user message.
 *
 * @category Messages
 */
export type UserPart = TextPart | FilePart;

/**
 * Parts allowed in an assistant message.
 *
 * @category Messages
 */
export type AssistantPart =
  | TextPart
  | ReasoningPart
  | FilePart
  | ToolCallPart
  | BuiltinToolCallPart
  | BuiltinToolResultPart
  | ToolApprovalRequestPart;

/**
 * Parts allowed in a tool message.
 *
 * @category Messages
 */
export type ToolPart = ToolResultPart | ToolApprovalResponsePart;
