import { z } from 'zod';

/**
 * Gemini-specific request options, passed as `providerOptions: { google: { … } }`.
 *
 * @example
 * ```ts
 * const providerOptions = { google: { thinkingConfig: { thinkingBudget: 1024, includeThoughts: true } } };
 * ```
 *
 * @category Options
 */
export const GoogleProviderOptions = z.object({
  /** Thinking: a token budget (2.5 models) or a level (Gemini 3), and whether to stream thought summaries. */
  thinkingConfig: z
    .object({
      /** Most tokens to think with (Gemini 2.5); `0` turns thinking off where the model allows, `-1` lets it decide. */
      thinkingBudget: z.number().int().optional(),
      /**
       * How much to think (Gemini 3).
       *
       * @enumMember minimal As little as possible.
       * @enumMember low Less thinking, faster answers.
       * @enumMember medium A balance of speed and depth.
       * @enumMember high The deepest thinking (Gemini 3's default).
       */
      thinkingLevel: z.enum(['minimal', 'low', 'medium', 'high']).optional(),
      /** Stream thought summaries as reasoning parts. */
      includeThoughts: z.boolean().optional(),
    })
    .optional(),
  /** Safety thresholds, e.g. `[{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' }]`. */
  safetySettings: z.array(z.object({ category: z.string(), threshold: z.string() })).optional(),
  /** Name of a cached content resource (`cachedContents/…`) to use as the prompt prefix. */
  cachedContent: z.string().optional(),
  /**
   * Output modalities, e.g. `['TEXT', 'IMAGE']` for image-generating models.
   *
   * @enumMember TEXT Text parts.
   * @enumMember IMAGE Generated images, as file parts.
   * @enumMember AUDIO Generated speech, as file parts.
   */
  responseModalities: z.array(z.enum(['TEXT', 'IMAGE', 'AUDIO'])).optional(),
  /** Sample only from the top K tokens. */
  topK: z.number().int().positive().optional(),
  /** Deterministic sampling seed; overrides the request's `seed`. */
  seed: z.number().int().optional(),
});
/**
 * Gemini-specific request options.
 *
 * @category Options
 */
export type GoogleProviderOptions = z.infer<typeof GoogleProviderOptions>;
