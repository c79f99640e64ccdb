import type { ModelStreamPart } from '@tandem/core/spec';
import { parseJsonEvent } from '@tandem/provider-utils';
import { ChatStreamData } from './chat-chunk.js';
import type { ChatStreamMapper } from './chat-stream-mapper.js';

// The Chat Completions code that needs zod (its schemas are built when this module loads). The model loads
// it with its first call, so importing the provider does not load zod.
export { buildChatRequestBody } from './build-chat-request-body.js';

/** Validates one SSE chunk and maps it to stream parts. @internal */
export function mapChatChunk(mapper: ChatStreamMapper, data: string, provider: string): Iterable<ModelStreamPart> {
  return mapper.map(parseJsonEvent(data, ChatStreamData, { provider }));
}
