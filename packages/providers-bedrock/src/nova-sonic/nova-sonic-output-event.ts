import { z } from 'zod';

const Ids = {
  sessionId: z.string().optional(),
  promptName: z.string().optional(),
  completionId: z.string().optional(),
};

const TokenCounts = z.object({ speechTokens: z.number().optional(), textTokens: z.number().optional() }).optional();

/**
 * The output events of Nova Sonic's bidirectional stream as Bedrock documents them (each arrives as
 * `{ "event": { "<name>": {…} } }` JSON in a `chunk.bytes` frame). Fields Tandem does not read are allowed
 * and ignored.
 * @internal
 */
export const novaOutputEventSchemas = {
  completionStart: z.object({ ...Ids }),
  completionEnd: z.object({ ...Ids, stopReason: z.string().optional() }),
  contentStart: z.object({
    ...Ids,
    contentId: z.string(),
    type: z.enum(['TEXT', 'AUDIO', 'TOOL']),
    role: z.enum(['USER', 'ASSISTANT', 'TOOL', 'SYSTEM']).optional(),
    /** A JSON string such as `{"generationStage":"SPECULATIVE"}`. */
    additionalModelFields: z.string().optional(),
  }),
  textOutput: z.object({ ...Ids, contentId: z.string(), content: z.string(), role: z.string().optional() }),
  audioOutput: z.object({ ...Ids, contentId: z.string(), content: z.string() }),
  toolUse: z.object({ ...Ids, contentId: z.string().optional(), toolUseId: z.string(), toolName: z.string(), content: z.string().optional() }),
  contentEnd: z.object({ ...Ids, contentId: z.string(), type: z.string().optional(), stopReason: z.string().optional() }),
  usageEvent: z.object({
    ...Ids,
    details: z
      .object({
        delta: z.object({ input: TokenCounts, output: TokenCounts }).optional(),
        total: z.object({ input: TokenCounts, output: TokenCounts }).optional(),
      })
      .optional(),
    totalInputTokens: z.number().optional(),
    totalOutputTokens: z.number().optional(),
    totalTokens: z.number().optional(),
  }),
} as const;

/** The name of a documented Nova Sonic output event. @internal */
export type NovaOutputEventName = keyof typeof novaOutputEventSchemas;

/** One parsed Nova Sonic output event. @internal */
export type NovaOutputEvent = {
  [K in NovaOutputEventName]: { readonly name: K; readonly body: z.infer<(typeof novaOutputEventSchemas)[K]> };
}[NovaOutputEventName];

/** The envelope every output event comes in. @internal */
export const NovaOutputEnvelope = z.object({ event: z.record(z.string(), z.unknown()) });
