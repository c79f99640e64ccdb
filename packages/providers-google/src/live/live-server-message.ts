import { z } from 'zod';

const Transcription = z.object({ text: z.string().optional(), finished: z.boolean().optional() });

const Part = z.object({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  inlineData: z.object({ mimeType: z.string().optional(), data: z.string() }).optional(),
});

const FunctionCall = z.object({
  id: z.string().optional(),
  name: z.string().min(1),
  args: z.record(z.string(), z.unknown()).optional(),
});

const count = z.number().int().nonnegative().optional();

/**
 * The `BidiGenerateContentServerMessage` fields Tandem reads, validated at the boundary. Each message
 * carries one or more of these; other fields are ignored. @internal
 */
export const LiveServerMessageSchema = z.object({
  setupComplete: z.object({}).loose().optional(),
  serverContent: z
    .object({
      modelTurn: z.object({ parts: z.array(Part).optional() }).optional(),
      turnComplete: z.boolean().optional(),
      generationComplete: z.boolean().optional(),
      interrupted: z.boolean().optional(),
      inputTranscription: Transcription.optional(),
      outputTranscription: Transcription.optional(),
    })
    .optional(),
  toolCall: z.object({ functionCalls: z.array(FunctionCall) }).optional(),
  toolCallCancellation: z.object({ ids: z.array(z.string()) }).optional(),
  goAway: z.object({ timeLeft: z.string().optional() }).optional(),
  sessionResumptionUpdate: z.object({ newHandle: z.string().optional(), resumable: z.boolean().optional() }).optional(),
  usageMetadata: z
    .object({
      promptTokenCount: count,
      responseTokenCount: count,
      cachedContentTokenCount: count,
      thoughtsTokenCount: count,
      toolUsePromptTokenCount: count,
    })
    .optional(),
});

/** A validated server message. @internal */
export type LiveServerMessage = z.infer<typeof LiveServerMessageSchema>;

/** Server message fields Tandem knows but does not use (voice activity signals). @internal */
export const IGNORED_SERVER_FIELDS: readonly string[] = ['voiceActivity', 'voiceActivityDetectionSignal'];

/** Every field of a server message Tandem recognises. @internal */
export const KNOWN_SERVER_FIELDS: ReadonlySet<string> = new Set([...Object.keys(LiveServerMessageSchema.shape), ...IGNORED_SERVER_FIELDS]);
