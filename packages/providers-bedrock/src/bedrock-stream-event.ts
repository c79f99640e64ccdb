import { z } from 'zod';

const Bytes = z.instanceof(Uint8Array);

/**
 * The `delta` of a `contentBlockDelta` event: text, a tool-input fragment (raw JSON text), or reasoning
 * (text, its signature, or redacted bytes).
 *
 * @example
 * ```ts
 * BedrockContentBlockDelta.parse({ toolUse: { input: '{"city":' } });
 * ```
 */
export const BedrockContentBlockDelta = z.object({
  text: z.string().optional(),
  toolUse: z.object({ input: z.string() }).optional(),
  reasoningContent: z
    .object({ text: z.string().optional(), signature: z.string().optional(), redactedContent: Bytes.optional() })
    .optional(),
  /** Output of a provider-executed (server) tool, in pieces. */
  toolResult: z.array(z.object({ text: z.string().optional(), json: z.unknown().optional() })).optional(),
  citation: z.unknown().optional(),
});
/** The `delta` of a `contentBlockDelta` event. */
export type BedrockContentBlockDelta = z.infer<typeof BedrockContentBlockDelta>;

/**
 * Token usage of the `metadata` event. `inputTokens` excludes the cache reads and writes, which are
 * counted separately (`totalTokens` is the sum of all four).
 *
 * @example
 * ```ts
 * BedrockTokenUsage.parse({ inputTokens: 4, outputTokens: 20, totalTokens: 1024, cacheReadInputTokens: 1000 });
 * ```
 */
export const BedrockTokenUsage = z.object({
  inputTokens: z.number().optional(),
  outputTokens: z.number().optional(),
  totalTokens: z.number().optional(),
  cacheReadInputTokens: z.number().optional(),
  cacheWriteInputTokens: z.number().optional(),
});
/** Token usage of the `metadata` event. */
export type BedrockTokenUsage = z.infer<typeof BedrockTokenUsage>;

/**
 * One event of the Converse stream (`ConverseStreamOutput`), as the AWS SDK decodes it from its
 * event-stream frame: an object with exactly one known member. Exceptions sent inside the stream are
 * thrown by the SDK and never reach this schema; members this package does not know are skipped.
 *
 * @example
 * ```ts
 * BedrockStreamEvent.parse({ contentBlockDelta: { delta: { text: 'Hi' }, contentBlockIndex: 0 } });
 * ```
 */
export const BedrockStreamEvent = z.object({
  messageStart: z.object({ role: z.string() }).optional(),
  contentBlockStart: z
    .object({
      start: z
        .object({
          /** `type: 'server_tool_use'` marks a call the provider runs itself (a system tool). */
          toolUse: z.object({ toolUseId: z.string(), name: z.string(), type: z.string().optional() }).optional(),
          /** The result of a server tool call, whose content follows as `toolResult` deltas. */
          toolResult: z.object({ toolUseId: z.string(), type: z.string().optional(), status: z.string().optional() }).optional(),
        })
        .optional(),
      contentBlockIndex: z.number(),
    })
    .optional(),
  contentBlockDelta: z.object({ delta: BedrockContentBlockDelta, contentBlockIndex: z.number() }).optional(),
  contentBlockStop: z.object({ contentBlockIndex: z.number() }).optional(),
  messageStop: z.object({ stopReason: z.string(), additionalModelResponseFields: z.unknown().optional() }).optional(),
  metadata: z
    .object({
      usage: BedrockTokenUsage.optional(),
      metrics: z.object({ latencyMs: z.number().optional() }).optional(),
      trace: z.unknown().optional(),
    })
    .optional(),
});
/** One decoded event of the Converse stream. */
export type BedrockStreamEvent = z.infer<typeof BedrockStreamEvent>;
