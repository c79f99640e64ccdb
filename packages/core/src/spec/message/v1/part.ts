import type { ProviderMetadata } from '../../shared/json.js';
import type { ToolOutput } from './tool-output.js';

/**
 * Plain text.
 *
 * @category Messages
 */
export interface TextPart {
  readonly type: 'text';
  readonly text: string;
  readonly providerMetadata?: ProviderMetadata;
}

/**
 * Model reasoning ("thinking"). `providerMetadata` carries what a vendor needs to accept it back (signatures, encrypted content).
 *
 * @category Messages
 */
export interface ReasoningPart {
  readonly type: 'reasoning';
  readonly text: string;
  readonly providerMetadata?: ProviderMetadata;
}

/**
 * A file: an image, audio clip or document, as bytes or as a URL.
 *
 * @category Messages
 */
export interface FilePart {
  readonly type: 'file';
  /** IANA media type, e.g. `image/png`, `audio/wav`, `application/pdf`. */
  readonly mediaType: string;
  readonly data: Uint8Array | URL;
  readonly filename?: string;
  readonly providerMetadata?: ProviderMetadata;
}

/**
 * A function-tool call requested by the model.
 *
 * @category Messages
 */
export interface ToolCallPart {
  readonly type: 'tool-call';
  readonly toolCallId: string;
  readonly toolName: string;
  /** The arguments exactly as the model produced them: raw JSON text. */
  readonly toolArgs: string;
  /** The parsed arguments, when `toolArgs` parsed as JSON. */
  readonly input?: unknown;
  readonly providerMetadata?: ProviderMetadata;
}

/**
 * Status of a finished tool call.
 *
 * @category Messages
 */
export type ToolResultStatus = 'success' | 'error' | 'cancelled';

/**
 * The result of a function-tool call, paired with its {@link ToolCallPart} by `toolCallId`.
 *
 * @category Messages
 */
export interface ToolResultPart {
  readonly type: 'tool-result';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly status: ToolResultStatus;
  /** The stored value (for an aggregated streaming tool: the aggregator's snapshot). */
  readonly result: unknown;
  /** What the model is sent for this result. */
  readonly modelInput: ToolOutput;
  readonly providerMetadata?: ProviderMetadata;
}

/**
 * A tool call the provider executes itself (web search, code execution, …).
 *
 * @category Messages
 */
export interface BuiltinToolCallPart {
  readonly type: 'builtin-tool-call';
  readonly toolCallId: string;
  readonly toolName: string;
  /** Raw JSON arguments. */
  readonly toolArgs: string;
  readonly providerMetadata?: ProviderMetadata;
}

/**
 * The result of a provider-executed tool call, as the provider returned it.
 *
 * @category Messages
 */
export interface BuiltinToolResultPart {
  readonly type: 'builtin-tool-result';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly result: unknown;
  readonly isError?: boolean;
  readonly providerMetadata?: ProviderMetadata;
}

/**
 * A pending decision recorded in the assistant message that holds the call: the call needs a person's approval
 * before it may run. Resuming a run with a matching {@link ToolApprovalResponsePart} settles it.
 *
 * `state` carries a nested run's own messages when the request came from an agent used as a tool, so the resume can
 * continue the inner run (opaque JSON; do not edit).
 *
 * @example
 * ```ts
 * const part: ToolApprovalRequestPart = { type: 'tool-approval-request', toolCallId: 'call_1', toolName: 'delete_file', input: { path: 'a.txt' } };
 * ```
 *
 * @category Messages
 */
export interface ToolApprovalRequestPart {
  readonly type: 'tool-approval-request';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  /** Set when the request comes from a nested run: the id of the outer tool call that runs it. */
  readonly parentToolCallId?: string;
  /** Opaque, JSON-safe state of a nested run, used to resume it. */
  readonly state?: unknown;
  readonly providerMetadata?: ProviderMetadata;
}

/**
 * A person's answer to a {@link ToolApprovalRequestPart}, in a `tool`-role message.
 *
 * @example
 * ```ts
 * const part: ToolApprovalResponsePart = { type: 'tool-approval-response', toolCallId: 'call_1', approved: false, reason: 'not today' };
 * ```
 *
 * @category Messages
 */
export interface ToolApprovalResponsePart {
  readonly type: 'tool-approval-response';
  readonly toolCallId: string;
  readonly approved: boolean;
  readonly reason?: string;
  readonly providerMetadata?: ProviderMetadata;
}

/**
 * A summary that stands in for the older part of a conversation (written by `summarize()` from `@tandem/core`).
 * It is appended to history in a `system` message, so stores stay append-only: the messages it replaces stay
 * stored, and a context manager that reads history sends `summary` instead of every message up to and
 * including the one whose `id` is `replacesThroughMessageId`. Providers never send the part itself.
 *
 * @example
 * ```ts
 * const part: CompactionPart = { type: 'compaction', summary: 'The user is planning a trip to Oslo…', replacesThroughMessageId: 'msg_41' };
 * ```
 *
 * @category Messages
 */
export interface CompactionPart {
  readonly type: 'compaction';
  /** The summary text the model is sent in place of the replaced messages. */
  readonly summary: string;
  /** The `id` of the last message the summary replaces (the messages before it are replaced too). */
  readonly replacesThroughMessageId: string;
  readonly providerMetadata?: ProviderMetadata;
}

/**
 * Any message part.
 *
 * @category Messages
 */
export type Part =
  | TextPart
  | CompactionPart
  | ToolApprovalRequestPart
  | ToolApprovalResponsePart
  | ReasoningPart
  | FilePart
  | ToolCallPart
  | ToolResultPart
  | BuiltinToolCallPart
  | BuiltinToolResultPart;
