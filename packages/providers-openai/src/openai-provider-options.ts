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
 */
export const OpenAIProviderOptions = z.object({
  reasoningEffort: z.enum(['minimal', 'low', 'medium', 'high']).optional(),
  reasoningSummary: z.enum(['auto', 'concise', 'detailed']).optional(),
  store: z.boolean().optional(),
  parallelToolCalls: z.boolean().optional(),
  user: z.string().optional(),
  serviceTier: z.enum(['auto', 'default', 'flex', 'priority']).optional(),
  previousResponseId: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  textVerbosity: z.enum(['low', 'medium', 'high']).optional(),
  strictJsonSchema: z.boolean().optional(),
});
/** Per-call options read from `request.providerOptions.openai`. */
export type OpenAIProviderOptions = z.infer<typeof OpenAIProviderOptions>;
