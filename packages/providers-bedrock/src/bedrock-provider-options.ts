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
 *
 * @category Options
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
      /** The guardrail's id or ARN. */
      guardrailIdentifier: z.string(),
      /** The guardrail's version (`DRAFT` or a number). */
      guardrailVersion: z.string(),
      /**
       * Whether the response carries the guardrail's trace.
       *
       * @enumMember enabled The guardrail's assessments are traced.
       * @enumMember disabled No trace (Bedrock's default).
       * @enumMember enabled_full The full trace, including assessments that did not intervene.
       */
      trace: z.enum(['enabled', 'disabled', 'enabled_full']).optional(),
      /**
       * How the guardrail checks a streamed response.
       *
       * @enumMember sync Each chunk is checked before it is streamed (Bedrock's default).
       * @enumMember async Chunks stream at once while the guardrail checks them in the background.
       */
      streamProcessingMode: z.enum(['sync', 'async']).optional(),
    })
    .optional(),
  /** Latency-optimized inference where the model supports it. */
  performanceConfig: z
    .object({
      /**
       * The inference profile.
       *
       * @enumMember standard Regular inference.
       * @enumMember optimized Latency-optimized inference.
       */
      latency: z.enum(['standard', 'optimized']),
    })
    .optional(),
  /** Key-value pairs recorded in model invocation logs. */
  requestMetadata: z.record(z.string(), z.string()).optional(),
  /**
   * How a request's `responseFormat` is sent. `outputFormat` (default): Bedrock structured outputs,
   * `outputConfig.textFormat` (models that support them, e.g. Claude Sonnet 4.5, Haiku 4.5, Opus 4.5 and
   * later). `jsonTool`: for other tool-using models, a tool whose input schema is the response schema, which the
   * model is made to call (`toolChoice` `tool`, or `any` next to other tools); its input comes back as the answer
   * text. Not usable with extended thinking.
   *
   * @enumMember outputFormat Bedrock structured outputs (`outputConfig.textFormat`); the default.
   * @enumMember jsonTool A tool the model is made to call, whose input is the answer; for models without structured outputs.
   */
  structuredOutputMode: z.enum(['outputFormat', 'jsonTool']).optional(),
});
/**
 * Bedrock-specific request options.
 *
 * @category Options
 */
export type BedrockProviderOptions = z.infer<typeof BedrockProviderOptions>;
