import { z } from 'zod';

/**
 * Zod schemas of the OpenAI Realtime API (GA) server events this provider reads (WebSocket JSON messages,
 * each with a `type`). The ones below must match; other documented events are ignored, and a `type` the
 * API does not document is reported. The beta names of the audio and text events
 * (`response.audio.delta`, `response.audio_transcript.*`, `response.text.*`) are read as aliases.
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
const audioDelta = delta.extend({ content_index: z.number().int().nonnegative().nullish() });
const done = z.object({ response_id: z.string(), item_id: z.string() });

/** `turn_detection` as the server reports it in `session.updated` (`null` when off). */
const TurnDetection = z
  .object({ type: z.string(), create_response: z.boolean().nullish(), interrupt_response: z.boolean().nullish() })
  .nullish();

/** Schemas of the server events read, keyed by `type`. */
export const realtimeEventSchemas = {
  'session.updated': z.object({
    session: z.object({ audio: z.object({ input: z.object({ turn_detection: TurnDetection }).nullish() }).nullish() }).nullish(),
  }),
  'response.created': z.object({ response: z.object({ id: z.string() }) }),
  'response.output_audio.delta': audioDelta,
  'response.audio.delta': audioDelta,
  'response.output_audio_transcript.delta': delta,
  'response.audio_transcript.delta': delta,
  'response.output_text.delta': delta,
  'response.text.delta': delta,
  'response.output_audio_transcript.done': done,
  'response.audio_transcript.done': done,
  'response.output_text.done': done,
  'response.text.done': done,
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
  'conversation.item.input_audio_transcription.failed': z.object({
    item_id: z.string(),
    error: z.object({ type: z.string().nullish(), code: z.string().nullish(), message: z.string().nullish() }).nullish(),
  }),
  'input_audio_buffer.speech_started': z.object({ item_id: z.string().nullish(), audio_start_ms: z.number().nullish() }),
  'input_audio_buffer.speech_stopped': z.object({ item_id: z.string().nullish(), audio_end_ms: z.number().nullish() }),
  'input_audio_buffer.committed': z.object({ item_id: z.string().nullish() }),
  error: z.object({
    error: z.object({ type: z.string().nullish(), code: z.string().nullish(), message: z.string(), event_id: z.string().nullish() }),
  }),
} as const;

/** Server event types the API documents that this provider does not need: read and ignored. */
export const ignoredRealtimeEventTypes: ReadonlySet<string> = new Set([
  'session.created',
  'conversation.created',
  'conversation.item.created',
  'conversation.item.added',
  'conversation.item.done',
  'conversation.item.deleted',
  'conversation.item.retrieved',
  'conversation.item.truncated',
  'conversation.item.input_audio_transcription.segment',
  'input_audio_buffer.cleared',
  'input_audio_buffer.timeout_triggered',
  'input_audio_buffer.dtmf_event_received',
  'output_audio_buffer.started',
  'output_audio_buffer.stopped',
  'output_audio_buffer.cleared',
  'rate_limits.updated',
  'response.output_item.added',
  'response.content_part.added',
  'response.content_part.done',
  'response.output_audio.done',
  'response.audio.done',
  'response.function_call_arguments.delta',
  'response.function_call_arguments.done',
  'response.mcp_call_arguments.delta',
  'response.mcp_call_arguments.done',
  'response.mcp_call.in_progress',
  'response.mcp_call.completed',
  'response.mcp_call.failed',
  'mcp_list_tools.in_progress',
  'mcp_list_tools.completed',
  'mcp_list_tools.failed',
  'transcription_session.updated',
]);

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
