import { z } from 'zod';

/**
 * Zod schemas of the OpenAI Realtime API server events this provider reads (WebSocket JSON messages,
 * each with a `type`). Events of other types are ignored; the ones below must match. The GA event names
 * are read, and the beta names of the audio events (`response.audio.delta`, `response.audio_transcript.*`)
 * as aliases.
 */

/** Token usage of one realtime response. */
export const RealtimeUsage = z.object({
  input_tokens: z.number(),
  output_tokens: z.number(),
  input_token_details: z.object({ cached_tokens: z.number().nullish() }).nullish(),
});
/** Token usage of one realtime response. */
export type RealtimeUsage = z.infer<typeof RealtimeUsage>;

const delta = z.object({ response_id: z.string(), item_id: z.string(), delta: z.string() });

/** Schemas of the server events read, keyed by `type`. */
export const realtimeEventSchemas = {
  'response.created': z.object({ response: z.object({ id: z.string() }) }),
  'response.output_audio.delta': delta,
  'response.audio.delta': delta,
  'response.output_audio_transcript.delta': delta,
  'response.audio_transcript.delta': delta,
  'response.output_text.delta': delta,
  'response.output_audio_transcript.done': z.object({ response_id: z.string(), item_id: z.string() }),
  'response.audio_transcript.done': z.object({ response_id: z.string(), item_id: z.string() }),
  'response.output_text.done': z.object({ response_id: z.string(), item_id: z.string() }),
  'response.output_item.done': z.object({
    response_id: z.string(),
    item: z.object({
      type: z.string(),
      id: z.string().nullish(),
      call_id: z.string().nullish(),
      name: z.string().nullish(),
      arguments: z.string().nullish(),
    }),
  }),
  'response.done': z.object({
    response: z.object({
      id: z.string(),
      status: z.string(),
      status_details: z.object({ type: z.string().nullish(), reason: z.string().nullish() }).nullish(),
      usage: RealtimeUsage.nullish(),
    }),
  }),
  'conversation.item.input_audio_transcription.delta': z.object({ item_id: z.string(), delta: z.string().nullish() }),
  'conversation.item.input_audio_transcription.completed': z.object({ item_id: z.string(), transcript: z.string() }),
  'input_audio_buffer.speech_started': z.object({ item_id: z.string().nullish(), audio_start_ms: z.number().nullish() }),
  error: z.object({
    error: z.object({ type: z.string().nullish(), code: z.string().nullish(), message: z.string(), event_id: z.string().nullish() }),
  }),
} as const;

/** The `type` of every server event this provider reads. */
export type RealtimeEventType = keyof typeof realtimeEventSchemas;

/** A validated server event. */
export type RealtimeServerEvent = {
  [K in RealtimeEventType]: { readonly type: K } & z.infer<(typeof realtimeEventSchemas)[K]>;
}[RealtimeEventType];

/** The envelope every server event shares. */
export const RealtimeEventEnvelope = z.object({ type: z.string() });
/** The envelope every server event shares. */
export type RealtimeEventEnvelope = z.infer<typeof RealtimeEventEnvelope>;
