/**
 * A UI message as `useChat` sends it (`UIMessage` of `ai` 7), read structurally: `ai`'s own `UIMessage[]`
 * is assignable, and a JSON body is checked field by field by `fromUIMessages`.
 *
 * @example
 * ```ts
 * const message: UIMessageLike = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] };
 * ```
 *
 * @category AI SDK UI
 */
export interface UIMessageLike {
  readonly id: string;
  readonly role: 'system' | 'user' | 'assistant';
  readonly parts: readonly UIPartLike[];
  readonly metadata?: unknown;
}

/**
 * One part of a {@link UIMessageLike}: `text`, `reasoning`, `file`, `step-start`, `tool-<name>` /
 * `dynamic-tool` (with `toolCallId`, `state`, `input`, `output`, `errorText`, `approval`), or a part
 * Tandem does not read (`source-*`, `data-*`), which is skipped.
 *
 * @example
 * ```ts
 * const part: UIPartLike = { type: 'tool-weather', toolCallId: 'call_1', state: 'output-available', input: { city: 'Oslo' }, output: 'sunny' };
 * ```
 *
 * @category AI SDK UI
 */
export interface UIPartLike {
  readonly type: string;
  readonly [field: string]: unknown;
}
