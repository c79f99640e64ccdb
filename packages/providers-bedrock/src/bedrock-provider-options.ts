import { z } from 'zod';

/**
 * Bedrock-specific request options, passed as `providerOptions: { bedrock: { … } }`.
 *
 * @example
 * ```ts
 * const providerOptions = {
 *   bedrock: { thinking: { type: 'enabled', budgetTokens: 2048 }, guardrailConfig: { guardrailIdentifier: 'gr-1', guardrailVersion: '1' } },
 * };
 * ```
 */
export const BedrockProviderOptions = z.object({
  /**
   * Extended thinking for Anthropic Claude models on Bedrock, sent as
   * `additionalModelRequestFields.thinking = { type: 'enabled', budget_tokens }`.
   */
  thinking: z.object({ type: z.literal('enabled'), budgetTokens: z.number().int().min(1024) }).optional(),
  /** Model-specific fields passed through as `additionalModelRequestFields` (e.g. `{ top_k: 40 }`). */
  additionalModelRequestFields: z.record(z.string(), z.unknown()).optional(),
  /** A Bedrock guardrail to apply to the conversation. */
  guardrailConfig: z
    .object({
      guardrailIdentifier: z.string(),
      guardrailVersion: z.string(),
      trace: z.enum(['enabled', 'disabled', 'enabled_full']).optional(),
      streamProcessingMode: z.enum(['sync', 'async']).optional(),
    })
    .optional(),
  /** Latency-optimized inference where the model supports it. */
  performanceConfig: z.object({ latency: z.enum(['standard', 'optimized']) }).optional(),
  /** Key-value pairs recorded in model invocation logs. */
  requestMetadata: z.record(z.string(), z.string()).optional(),
  /**
   * How a request's `responseFormat` is sent. `outputFormat` (default): Bedrock structured outputs,
   * `outputConfig.textFormat` (models that support them, e.g. Claude Sonnet 4.5, Haiku 4.5, Opus 4.5 and
   * later). `jsonTool`: for other tool-using models, a tool whose input schema is the response schema, which the
   * model is made to call (`toolChoice` `tool`, or `any` next to other tools); its input comes back as the answer
   * text. Not usable with extended thinking.
   */
  structuredOutputMode: z.enum(['outputFormat', 'jsonTool']).optional(),
});
/** Bedrock-specific request options. */
export type BedrockProviderOptions = z.infer<typeof BedrockProviderOptions>;
