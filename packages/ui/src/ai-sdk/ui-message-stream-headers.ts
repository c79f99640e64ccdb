/**
 * The response headers of an AI SDK UI message stream (as `ai` 7 sends them): SSE, no caching or proxy
 * buffering, and `x-vercel-ai-ui-message-stream: v1`, which `useChat` checks.
 *
 * @example
 * ```ts
 * const response = new Response(body, { headers: UI_MESSAGE_STREAM_HEADERS });
 * ```
 *
 * @category AI SDK UI
 */
export const UI_MESSAGE_STREAM_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-vercel-ai-ui-message-stream': 'v1',
  'x-accel-buffering': 'no',
});

/** The protocol headers under the caller's own (the caller's win). @internal */
export function withStreamHeaders(headers: HeadersInit | undefined, defaults: Readonly<Record<string, string>>): Headers {
  const merged = new Headers(headers);
  for (const [name, value] of Object.entries(defaults)) if (!merged.has(name)) merged.set(name, value);
  return merged;
}
