import { z } from 'zod';

/**
 * One part of a Gemini `Content`, as the API returns it. Text parts may be thoughts (`thought: true`);
 * any part may carry a `thoughtSignature` that must be sent back in later turns.
 *
 * @example
 * ```ts
 * GooglePart.parse({ functionCall: { name: 'weather', args: { city: 'Paris' } }, thoughtSignature: 'c2ln' });
 * ```
 */
export const GooglePart = z.object({
  text: z.string().nullish(),
  thought: z.boolean().nullish(),
  thoughtSignature: z.string().nullish(),
  functionCall: z
    .object({ id: z.string().nullish(), name: z.string(), args: z.record(z.string(), z.unknown()).nullish() })
    .nullish(),
  inlineData: z.object({ mimeType: z.string(), data: z.string() }).nullish(),
  executableCode: z.object({ language: z.string().nullish(), code: z.string() }).nullish(),
  codeExecutionResult: z.object({ outcome: z.string().nullish(), output: z.string().nullish() }).nullish(),
});
/** One part of a Gemini `Content`, as the API returns it. */
export type GooglePart = z.infer<typeof GooglePart>;

/**
 * `usageMetadata` of a response. `promptTokenCount` includes `cachedContentTokenCount`;
 * `thoughtsTokenCount` is billed as output on top of `candidatesTokenCount`.
 *
 * @example
 * ```ts
 * GoogleUsageMetadata.parse({ promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 });
 * ```
 */
export const GoogleUsageMetadata = z.object({
  promptTokenCount: z.number().nullish(),
  candidatesTokenCount: z.number().nullish(),
  cachedContentTokenCount: z.number().nullish(),
  thoughtsTokenCount: z.number().nullish(),
  toolUsePromptTokenCount: z.number().nullish(),
  totalTokenCount: z.number().nullish(),
});
/** `usageMetadata` of a response. */
export type GoogleUsageMetadata = z.infer<typeof GoogleUsageMetadata>;

/**
 * One `GenerateContentResponse` — the JSON of each `data:` line of `streamGenerateContent?alt=sse`.
 * Only the last chunk of a candidate carries `finishReason`; `usageMetadata` grows as the stream goes.
 *
 * @example
 * ```ts
 * GoogleStreamChunk.parse({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] }, index: 0 }] });
 * ```
 */
export const GoogleStreamChunk = z.object({
  candidates: z
    .array(
      z.object({
        content: z.object({ role: z.string().nullish(), parts: z.array(GooglePart).nullish() }).nullish(),
        finishReason: z.string().nullish(),
        finishMessage: z.string().nullish(),
        index: z.number().nullish(),
        safetyRatings: z.array(z.unknown()).nullish(),
        groundingMetadata: z.unknown().optional(),
      }),
    )
    .nullish(),
  promptFeedback: z.object({ blockReason: z.string().nullish(), safetyRatings: z.array(z.unknown()).nullish() }).nullish(),
  usageMetadata: GoogleUsageMetadata.nullish(),
  modelVersion: z.string().nullish(),
  responseId: z.string().nullish(),
});
/** One `GenerateContentResponse` chunk of a streamed Gemini response. */
export type GoogleStreamChunk = z.infer<typeof GoogleStreamChunk>;

/**
 * The error body of a failed Gemini call (`google.rpc.Status` wrapped in `error`).
 *
 * @example
 * ```ts
 * GoogleErrorBody.parse({ error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' } });
 * ```
 */
export const GoogleErrorBody = z.object({
  error: z.object({ code: z.number().nullish(), message: z.string(), status: z.string().nullish() }),
});
/** The error body of a failed Gemini call. */
export type GoogleErrorBody = z.infer<typeof GoogleErrorBody>;
