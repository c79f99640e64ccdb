import { z } from 'zod';

/**
 * Anthropic-specific request options, passed as `providerOptions: { anthropic: { … } }`.
 *
 * @example
 * ```ts
 * const providerOptions = { anthropic: { thinking: { type: 'enabled', budgetTokens: 4000 } } };
 * ```
 *
 * @category Options
 */
export const AnthropicProviderOptions = z.object({
  /** Extended thinking. `budgetTokens` (≥ 1024) counts toward `max_tokens`. */
  thinking: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('enabled'), budgetTokens: z.number().int().min(1024) }),
      z.object({ type: z.literal('disabled') }),
    ])
    .optional(),
  /** Ask for at most one tool call per response. */
  disableParallelToolUse: z.boolean().optional(),
  /** Sample only from the top K options for each token. */
  topK: z.number().int().positive().optional(),
  /** An opaque id of your end user, for abuse detection (sent as `metadata.user_id`). */
  userId: z.string().optional(),
  /**
   * How a request's `responseFormat` is sent. `outputFormat` (default): Anthropic's structured outputs,
   * `output_config.format` (Claude Sonnet 4.5, Opus 4.5, Haiku 4.5 and later). `jsonTool`: for older models, a
   * tool whose input schema is the response schema, which Claude is made to call (`tool_choice` `tool`, or `any`
   * next to other tools); its input comes back as the answer text. Not usable with extended thinking.
   *
   * @enumMember outputFormat Anthropic's structured outputs (`output_config.format`); the default.
   * @enumMember jsonTool A tool Claude is made to call, whose input is the answer; for models without structured outputs.
   */
  structuredOutputMode: z.enum(['outputFormat', 'jsonTool']).optional(),
});
/**
 * Anthropic-specific request options.
 *
 * @category Options
 */
export type AnthropicProviderOptions = z.infer<typeof AnthropicProviderOptions>;
