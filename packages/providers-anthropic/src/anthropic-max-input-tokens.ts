/**
 * The most input tokens a Claude model accepts: 200,000 (the standard context window of every current
 * Claude model); `undefined` for ids that are not Claude models. Context managers use it as their default
 * budget (`model.maxInputTokens`).
 *
 * @example
 * ```ts
 * anthropicMaxInputTokens('claude-sonnet-4-5'); // 200_000
 * ```
 *
 * @category Models
 */
export function anthropicMaxInputTokens(modelId: string): number | undefined {
  return /^claude-/.test(modelId) ? 200_000 : undefined;
}
