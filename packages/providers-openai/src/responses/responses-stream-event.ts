import { z } from 'zod';

/**
 * Zod schemas of the OpenAI Responses API streaming events this provider reads (`POST /responses` with
 * `stream: true`). Each SSE event's `data` is a JSON object whose `type` names the event. Events of other
 * types are ignored, so new vendor events do not break old clients; the events below are validated and
 * fail loudly if their shape changes.
 */

/** Token usage of a response. */
export const ResponsesUsage = z.object({
  input_tokens: z.number(),
  output_tokens: z.number(),
  input_tokens_details: z.object({ cached_tokens: z.number().nullish() }).nullish(),
  output_tokens_details: z.object({ reasoning_tokens: z.number().nullish() }).nullish(),
});
/** Token usage of a response. */
export type ResponsesUsage = z.infer<typeof ResponsesUsage>;

/** The response object carried by lifecycle events. */
export const ResponsesResponse = z.object({
  id: z.string(),
  model: z.string().nullish(),
  status: z.string().nullish(),
  incomplete_details: z.object({ reason: z.string().nullish() }).nullish(),
  error: z.object({ code: z.string().nullish(), message: z.string() }).nullish(),
  usage: ResponsesUsage.nullish(),
});
/** The response object carried by lifecycle events. */
export type ResponsesResponse = z.infer<typeof ResponsesResponse>;

/** An output item as announced by `response.output_item.added` / `.done`. */
export const ResponsesOutputItem = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    id: z.string(),
    role: z.string().nullish(),
    content: z.array(z.object({ type: z.string(), text: z.string().nullish() })).nullish(),
  }),
  z.object({
    type: z.literal('function_call'),
    id: z.string(),
    call_id: z.string(),
    name: z.string(),
    arguments: z.string().nullish(),
  }),
  z.object({
    type: z.literal('reasoning'),
    id: z.string(),
    summary: z.array(z.object({ type: z.string(), text: z.string() })).nullish(),
    encrypted_content: z.string().nullish(),
  }),
  z.object({
    type: z.literal('web_search_call'),
    id: z.string(),
    status: z.string().nullish(),
    action: z.record(z.string(), z.unknown()).nullish(),
  }),
]);
/** An output item as announced by `response.output_item.added` / `.done`. */
export type ResponsesOutputItem = z.infer<typeof ResponsesOutputItem>;

const KNOWN_ITEM_TYPES: readonly string[] = ['message', 'function_call', 'reasoning', 'web_search_call'];

/** An output item of a type this provider does not read (file search, image generation, …): ignored. */
const OtherOutputItem = z.object({
  type: z.string().refine((type) => !KNOWN_ITEM_TYPES.includes(type), { message: 'known item type with an unexpected shape' }),
  id: z.string().nullish(),
});

/** A known output item, or one of another type (which is ignored). */
export const AnyOutputItem = z.union([ResponsesOutputItem, OtherOutputItem]);
/** A known output item, or one of another type (which is ignored). */
export type AnyOutputItem = z.infer<typeof AnyOutputItem>;

const lifecycle = z.object({ response: ResponsesResponse });

/** Schemas of the known events, keyed by their `type`. */
export const responsesEventSchemas = {
  'response.created': lifecycle,
  'response.completed': lifecycle,
  'response.incomplete': lifecycle,
  'response.failed': lifecycle,
  'response.output_item.added': z.object({ output_index: z.number(), item: AnyOutputItem }),
  'response.output_item.done': z.object({ output_index: z.number(), item: AnyOutputItem }),
  'response.output_text.delta': z.object({ item_id: z.string(), content_index: z.number().nullish(), delta: z.string() }),
  'response.refusal.delta': z.object({ item_id: z.string(), delta: z.string() }),
  'response.function_call_arguments.delta': z.object({ item_id: z.string(), output_index: z.number(), delta: z.string() }),
  'response.function_call_arguments.done': z.object({ item_id: z.string(), output_index: z.number(), arguments: z.string() }),
  'response.reasoning_summary_part.added': z.object({ item_id: z.string(), summary_index: z.number() }),
  'response.reasoning_summary_text.delta': z.object({ item_id: z.string(), summary_index: z.number(), delta: z.string() }),
  error: z.object({ code: z.string().nullish(), message: z.string(), param: z.string().nullish() }),
} as const;

/** The `type` of every event this provider reads. */
export type ResponsesEventType = keyof typeof responsesEventSchemas;

/** A validated event: its `type` plus the fields its schema declares. */
export type ResponsesEvent = {
  [K in ResponsesEventType]: { readonly type: K } & z.infer<(typeof responsesEventSchemas)[K]>;
}[ResponsesEventType];

/** The envelope every event shares. */
export const ResponsesEventEnvelope = z.object({ type: z.string() });
/** The envelope every event shares. */
export type ResponsesEventEnvelope = z.infer<typeof ResponsesEventEnvelope>;
