/**
 * One function-tool call requested by a bidi model, as part of a `tool-group` event.
 *
 * @example
 * ```ts
 * const call: BidiToolCall = { toolCallId: 'call_1', toolName: 'set_timer', toolArgs: '{"seconds":5}' };
 * ```
 *
 * @category Bidi model spec
 */
export interface BidiToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  /** The arguments exactly as the model produced them: raw JSON text (`''` is read as `{}`). */
  readonly toolArgs: string;
}
