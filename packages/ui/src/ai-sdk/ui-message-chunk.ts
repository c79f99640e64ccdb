/**
 * One chunk of an AI SDK UI message stream: the chunks Tandem writes, exactly as `ai` 7 (`useChat` in
 * `@ai-sdk/react` 4, `@ai-sdk/vue`, assistant-ui) defines them in its `UIMessageChunk` union. A stream is
 * one assistant message: `start`, then per model step `start-step` … `finish-step`, then `finish` (or
 * `error` / `abort`).
 *
 * @example
 * ```ts
 * const chunk: UIMessageChunk = { type: 'text-delta', id: '1:text-0', delta: 'Hello' };
 * ```
 *
 * @category AI SDK UI
 */
export type UIMessageChunk =
  | { readonly type: 'start'; readonly messageId?: string; readonly messageMetadata?: unknown }
  | { readonly type: 'start-step' }
  | { readonly type: 'finish-step' }
  | { readonly type: 'text-start'; readonly id: string }
  | { readonly type: 'text-delta'; readonly id: string; readonly delta: string }
  | { readonly type: 'text-end'; readonly id: string }
  | { readonly type: 'reasoning-start'; readonly id: string }
  | { readonly type: 'reasoning-delta'; readonly id: string; readonly delta: string }
  | { readonly type: 'reasoning-end'; readonly id: string }
  | { readonly type: 'file'; readonly url: string; readonly mediaType: string }
  | { readonly type: 'tool-input-start'; readonly toolCallId: string; readonly toolName: string; readonly providerExecuted?: boolean; readonly dynamic?: boolean }
  | { readonly type: 'tool-input-delta'; readonly toolCallId: string; readonly inputTextDelta: string }
  | {
      readonly type: 'tool-input-available';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: unknown;
      readonly providerExecuted?: boolean;
      readonly dynamic?: boolean;
    }
  | { readonly type: 'tool-input-error'; readonly toolCallId: string; readonly toolName: string; readonly input: unknown; readonly errorText: string; readonly dynamic?: boolean }
  | { readonly type: 'tool-approval-request'; readonly approvalId: string; readonly toolCallId: string }
  | {
      readonly type: 'tool-output-available';
      readonly toolCallId: string;
      readonly output: unknown;
      readonly preliminary?: boolean;
      readonly providerExecuted?: boolean;
      readonly dynamic?: boolean;
    }
  | { readonly type: 'tool-output-error'; readonly toolCallId: string; readonly errorText: string; readonly providerExecuted?: boolean; readonly dynamic?: boolean }
  | { readonly type: 'tool-output-denied'; readonly toolCallId: string }
  | {
      readonly type: 'finish';
      readonly finishReason?: 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'error' | 'interrupted' | 'other';
      readonly messageMetadata?: unknown;
    }
  | { readonly type: 'abort'; readonly reason?: string }
  | { readonly type: 'error'; readonly errorText: string };

/**
 * The `type` of every {@link UIMessageChunk}.
 *
 * @example
 * ```ts
 * const closing: UIMessageChunkType[] = ['finish', 'error', 'abort'];
 * ```
 *
 * @category AI SDK UI
 */
export type UIMessageChunkType = UIMessageChunk['type'];
