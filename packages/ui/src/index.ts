/**
 * Tandem in web UIs: stream agent runs to the protocols web frontends already speak — AI SDK UI message
 * streams (`useChat` in `@ai-sdk/react`, `@ai-sdk/vue`, assistant-ui) and AG-UI (CopilotKit and other AG-UI
 * clients) — with concurrent tool groups, partial results, approvals and client-side tools as the protocols'
 * tool parts. Every handler is a plain fetch `Request → Response`; `@tandem/ui/node` adapts them to `node:http`.
 *
 * @packageDocumentation
 */
export { toUIMessageStream, type UIMessageStreamOptions } from './ai-sdk/to-ui-message-stream.js';
export { toUIMessageStreamResponse } from './ai-sdk/to-ui-message-stream-response.js';
export type { UIMessageStreamResponseInit } from './ai-sdk/ui-message-chunks-response.js';
export { UI_MESSAGE_STREAM_HEADERS } from './ai-sdk/ui-message-stream-headers.js';
export type { UIMessageChunk, UIMessageChunkType } from './ai-sdk/ui-message-chunk.js';
export type { UIMessageLike, UIPartLike } from './ai-sdk/ui-message.js';
export { fromUIMessages } from './ai-sdk/from-ui-messages.js';
export { InvalidUIMessagesError } from './ai-sdk/invalid-ui-messages-error.js';
export { toAGUIEvents, type AGUIEventsOptions } from './ag-ui/to-agui-events.js';
export { agUIHandler, type AGUIHandlerOptions } from './ag-ui/agui-handler.js';
export { resumable, type ResumableOptions, type ResumableStreams } from './resumable/resumable.js';
export type { ChunkStore } from './resumable/chunk-store.js';
export { memoryChunkStore } from './resumable/memory-chunk-store.js';
export type { StreamableRun } from './internal/run-like.js';
