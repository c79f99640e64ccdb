/**
 * The most input tokens a Gemini model accepts, for the families whose limit Google documents
 * (`gemini-2.0-*`, `gemini-2.5-*`: 1,048,576); `undefined` for other ids. Context managers use it as their
 * default budget (`model.maxInputTokens`).
 *
 * @example
 * ```ts
 * googleMaxInputTokens('gemini-2.5-flash'); // 1_048_576
 * ```
 *
 * @category Models
 */
export function googleMaxInputTokens(modelId: string): number | undefined {
  return /^gemini-2\.[05]-/.test(modelId) ? 1_048_576 : undefined;
}
