import { z } from 'zod';

/**
 * Token usage as the Messages API reports it. `input_tokens` excludes the tokens read from or written
 * to the prompt cache, which are counted separately.
 *
 * @example
 * ```ts
 * AnthropicUsage.parse({ input_tokens: 12, output_tokens: 3, cache_read_input_tokens: 100 });
 * ```
 */
export const AnthropicUsage = z.object({
  input_tokens: z.number().nullish(),
  output_tokens: z.number().nullish(),
  cache_creation_input_tokens: z.number().nullish(),
  cache_read_input_tokens: z.number().nullish(),
  server_tool_use: z.object({ web_search_requests: z.number().nullish() }).nullish(),
});
/** Token usage as the Messages API reports it. */
export type AnthropicUsage = z.infer<typeof AnthropicUsage>;

const TextBlock = z.object({
  type: z.literal('text'),
  text: z.string(),
  citations: z.array(z.unknown()).nullish(),
});
const ThinkingBlock = z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string().nullish() });
const RedactedThinkingBlock = z.object({ type: z.literal('redacted_thinking'), data: z.string() });
const ToolUseBlock = z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() });
const ServerToolUseBlock = z.object({
  type: z.literal('server_tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});
/**
 * Any provider-executed tool result block (`web_search_tool_result`, …): `web_search_tool_result`, `web_fetch_tool_result`,
 * `code_execution_tool_result`, … They all name the `server_tool_use` they answer and carry `content`.
 */
export const AnthropicServerToolResultBlock = z.object({
  type: z.string().regex(/^[a-z_]+_tool_result$/),
  tool_use_id: z.string(),
  content: z.unknown(),
});
/** A provider-executed tool result block. */
export type AnthropicServerToolResultBlock = z.infer<typeof AnthropicServerToolResultBlock>;

/**
 * A content block as it opens in `content_block_start`.
 *
 * @example
 * ```ts
 * AnthropicContentBlock.parse({ type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} });
 * ```
 */
export const AnthropicContentBlock = z.union([
  TextBlock,
  ThinkingBlock,
  RedactedThinkingBlock,
  ToolUseBlock,
  ServerToolUseBlock,
  AnthropicServerToolResultBlock,
]);
/** A content block as it opens in `content_block_start`. */
export type AnthropicContentBlock = z.infer<typeof AnthropicContentBlock>;

/**
 * The `delta` of a `content_block_delta` event.
 *
 * @example
 * ```ts
 * AnthropicContentDelta.parse({ type: 'text_delta', text: 'Hi' });
 * ```
 */
export const AnthropicContentDelta = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text_delta'), text: z.string() }),
  z.object({ type: z.literal('input_json_delta'), partial_json: z.string() }),
  z.object({ type: z.literal('thinking_delta'), thinking: z.string() }),
  z.object({ type: z.literal('signature_delta'), signature: z.string() }),
  z.object({ type: z.literal('citations_delta'), citation: z.unknown() }),
]);
/** The `delta` of a `content_block_delta` event. */
export type AnthropicContentDelta = z.infer<typeof AnthropicContentDelta>;

/**
 * An error body, both of a failed HTTP response and of an `error` stream event.
 *
 * @example
 * ```ts
 * AnthropicErrorBody.parse({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
 * ```
 */
export const AnthropicErrorBody = z.object({
  type: z.literal('error'),
  error: z.object({ type: z.string(), message: z.string() }),
});
/** An error body, both of a failed HTTP response and of an `error` stream event. */
export type AnthropicErrorBody = z.infer<typeof AnthropicErrorBody>;

/**
 * One server-sent event of a streaming Messages API response (the JSON in its `data:` line).
 *
 * @example
 * ```ts
 * const event = AnthropicStreamEvent.parse({ type: 'content_block_stop', index: 0 });
 * ```
 */
export const AnthropicStreamEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message_start'),
    message: z.object({ id: z.string(), model: z.string(), usage: AnthropicUsage }),
  }),
  z.object({ type: z.literal('content_block_start'), index: z.number(), content_block: AnthropicContentBlock }),
  z.object({ type: z.literal('content_block_delta'), index: z.number(), delta: AnthropicContentDelta }),
  z.object({ type: z.literal('content_block_stop'), index: z.number() }),
  z.object({
    type: z.literal('message_delta'),
    delta: z.object({ stop_reason: z.string().nullish(), stop_sequence: z.string().nullish() }),
    usage: AnthropicUsage.nullish(),
  }),
  z.object({ type: z.literal('message_stop') }),
  z.object({ type: z.literal('ping') }),
  AnthropicErrorBody,
]);
/** One server-sent event of a streaming Messages API response. */
export type AnthropicStreamEvent = z.infer<typeof AnthropicStreamEvent>;

/** The event types this package understands; Anthropic may add others, which are skipped. */
export const KNOWN_ANTHROPIC_EVENT_TYPES: ReadonlySet<string> = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'ping',
  'error',
]);
