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
});
/** Bedrock-specific request options. */
export type BedrockProviderOptions = z.infer<typeof BedrockProviderOptions>;
