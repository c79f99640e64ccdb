import { readUIMessageStream, uiMessageChunkSchema, type UIMessage, type UIMessageChunk as AIUIMessageChunk } from 'ai';
import type { UIMessageChunk } from '../ai-sdk/ui-message-chunk.js';

/** Reads every chunk of a stream, checking each against `ai`'s own `uiMessageChunkSchema` (throws on the first that fails). */
export async function readValidChunks(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const schema = uiMessageChunkSchema();
  const chunks: UIMessageChunk[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); next.done !== true; next = await reader.read()) {
    const chunk = next.value;
    const checked = await schema.validate?.(chunk);
    if (checked?.success !== true) throw new Error(`Not a UI message chunk: ${JSON.stringify(chunk)}`);
    chunks.push(chunk);
  }
  return chunks;
}

/** The assistant UI message `useChat` builds from the chunks (`ai`'s own `readUIMessageStream`). */
export async function uiMessageOf(chunks: readonly UIMessageChunk[], message?: UIMessage): Promise<UIMessage> {
  const stream = new ReadableStream<AIUIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk as AIUIMessageChunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const built of readUIMessageStream({ stream, ...(message === undefined ? {} : { message }), terminateOnError: true })) last = built;
  if (last === undefined) throw new Error('The stream built no message.');
  return structuredClone(last);
}

/** Parses an AI SDK UI SSE body into its `data:` payloads (the `[DONE]` trailer included as the string). */
export async function readSse(response: Response): Promise<unknown[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => {
      const data = event.slice('data: '.length);
      return data === '[DONE]' ? data : (JSON.parse(data) as unknown);
    });
}
