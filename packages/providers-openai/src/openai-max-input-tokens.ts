/** Input limits OpenAI documents per model family (context window less the reserved output, where it reserves one). */
const LIMITS: readonly (readonly [RegExp, number])[] = [
  [/^gpt-5/, 272_000],
  [/^gpt-4\.1/, 1_047_576],
  [/^gpt-4o/, 128_000],
  [/^o4-mini/, 200_000],
  [/^o3/, 200_000],
];

/**
 * The most input tokens an OpenAI model accepts, for the families whose limit OpenAI documents
 * (`gpt-5*` 272,000; `gpt-4.1*` 1,047,576; `gpt-4o*` 128,000; `o3*`, `o4-mini*` 200,000); `undefined` for
 * other ids. Context managers use it as their default budget (`model.maxInputTokens`).
 *
 * @example
 * ```ts
 * openaiMaxInputTokens('gpt-4.1-mini'); // 1_047_576
 * ```
 *
 * @category Models
 */
export function openaiMaxInputTokens(modelId: string): number | undefined {
  return LIMITS.find(([pattern]) => pattern.test(modelId))?.[1];
}
