import { sseBody, sseData } from '../internal/sse-body.js';
import type { UIMessageChunk } from './ui-message-chunk.js';
import { UI_MESSAGE_STREAM_HEADERS, withStreamHeaders } from './ui-message-stream-headers.js';

/**
 * Options of a UI message stream `Response`: the usual `ResponseInit`, and the request's `signal` — when the
 * client goes away, the stream (and so the run) is cancelled.
 *
 * @example
 * ```ts
 * const init: UIMessageStreamResponseInit = { signal: request.signal, headers: { 'x-chat-id': id } };
 * ```
 *
 * @category AI SDK UI
 */
export interface UIMessageStreamResponseInit extends ResponseInit {
  /** The request's signal: aborting it cancels the stream. */
  readonly signal?: AbortSignal;
}

/**
 * A `Response` (SSE, the protocol's headers) streaming UI message chunks, each a `data:` event, closed by
 * `data: [DONE]`. @internal
 */
export function uiChunksResponse(chunks: ReadableStream<UIMessageChunk>, init: UIMessageStreamResponseInit = {}): Response {
  const { signal, headers, status, statusText } = init;
  const body = sseBody(chunks, { encode: sseData, trailer: 'data: [DONE]\n\n', ...(signal === undefined ? {} : { signal }) });
  return new Response(body, { status: status ?? 200, ...(statusText === undefined ? {} : { statusText }), headers: withStreamHeaders(headers, UI_MESSAGE_STREAM_HEADERS) });
}
