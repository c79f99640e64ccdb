import { z } from 'zod';

/**
 * Per-call options read from `request.providerOptions.openai`.
 *
 * - `reasoningEffort` / `reasoningSummary` — reasoning models (`reasoning.effort`, `reasoning.summary`;
 *   Chat Completions: `reasoning_effort`).
 * - `store` — store the response at OpenAI (default true). With `false`, encrypted reasoning is requested
 *   (`include: ['reasoning.encrypted_content']`) so reasoning still round-trips.
 * - `parallelToolCalls`, `user`, `serviceTier`, `previousResponseId`, `metadata`, `textVerbosity`,
 *   `strictJsonSchema` (send function tools with `strict: true`; `false` also keeps a `responseFormat`
 *   from being sent with `strict: true`, which happens by default when its schema meets the strict rules).
 *
 * @example
 * ```ts
 * agent.run(openai('gpt-5'), messages, { providerOptions: { openai: { reasoningEffort: 'low', reasoningSummary: 'auto' } } });
 * ```
 *
 * @category Options
 */
export const OpenAIProviderOptions = z.object({
  /**
   * How much a reasoning model reasons (`reasoning.effort`; Chat Completions: `reasoning_effort`).
   *
   * @enumMember minimal Hardly any reasoning: the fastest answers.
   * @enumMember low Little reasoning.
   * @enumMember medium The model's default.
   * @enumMember high The most thorough reasoning.
   */
  reasoningEffort: z.enum(['minimal', 'low', 'medium', 'high']).optional(),
  /**
   * Streamed summaries of the model's reasoning (`reasoning.summary`, Responses API only).
   *
   * @enumMember auto The most detailed summary the model supports.
   * @enumMember concise A short summary.
   * @enumMember detailed A detailed summary.
   */
  reasoningSummary: z.enum(['auto', 'concise', 'detailed']).optional(),
  store: z.boolean().optional(),
  parallelToolCalls: z.boolean().optional(),
  user: z.string().optional(),
  /**
   * The processing tier (`service_tier`).
   *
   * @enumMember auto The project's setting decides.
   * @enumMember default Standard pricing and performance.
   * @enumMember flex Cheaper, slower processing where the model offers it.
   * @enumMember priority Faster processing at a higher price.
   */
  serviceTier: z.enum(['auto', 'default', 'flex', 'priority']).optional(),
  previousResponseId: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  /**
   * How long the answer is (`text.verbosity`; Chat Completions: `verbosity`).
   *
   * @enumMember low Terse answers.
   * @enumMember medium The default.
   * @enumMember high Detailed answers.
   */
  textVerbosity: z.enum(['low', 'medium', 'high']).optional(),
  strictJsonSchema: z.boolean().optional(),
});
/**
 * Per-call options read from `request.providerOptions.openai`.
 *
 * @category Options
 */
export type OpenAIProviderOptions = z.infer<typeof OpenAIProviderOptions>;
