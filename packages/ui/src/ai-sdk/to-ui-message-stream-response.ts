import type { StreamableRun } from '../internal/run-like.js';
import { toUIMessageStream, type UIMessageStreamOptions } from './to-ui-message-stream.js';
import { uiChunksResponse, type UIMessageStreamResponseInit } from './ui-message-chunks-response.js';

/**
 * Streams an agent run to `useChat` as a `Response`: Server-Sent Events of UI message chunks with the protocol's
 * headers (`x-vercel-ai-ui-message-stream: v1`). The whole run is one assistant message. When the client goes
 * away (the response body is cancelled, or `init.signal` aborts), the run is cancelled.
 *
 * @example
 * ```ts
 * export async function POST(request: Request): Promise<Response> {
 *   const { messages } = (await request.json()) as { messages: UIMessage[] };
 *   const run = agent.run(model, fromUIMessages(messages), { signal: request.signal });
 *   return toUIMessageStreamResponse(run, { originalMessages: messages });
 * }
 * ```
 *
 * @category AI SDK UI
 */
export function toUIMessageStreamResponse(run: StreamableRun, init: UIMessageStreamResponseInit & UIMessageStreamOptions = {}): Response {
  const { messageId, onError, originalMessages, ...responseInit } = init;
  const options = { ...(messageId === undefined ? {} : { messageId }), ...(onError === undefined ? {} : { onError }), ...(originalMessages === undefined ? {} : { originalMessages }) };
  return uiChunksResponse(toUIMessageStream(run, options), responseInit);
}
