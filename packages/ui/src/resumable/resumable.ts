import { toUIMessageStream, type UIMessageStreamOptions } from '../ai-sdk/to-ui-message-stream.js';
import type { UIMessageChunk } from '../ai-sdk/ui-message-chunk.js';
import { uiChunksResponse, type UIMessageStreamResponseInit } from '../ai-sdk/ui-message-chunks-response.js';
import { disposeRun, type StreamableRun } from '../internal/run-like.js';
import type { ChunkStore } from './chunk-store.js';
import { memoryChunkStore } from './memory-chunk-store.js';

/**
 * Options of {@link resumable}.
 *
 * @example
 * ```ts
 * const streams = resumable({ store: memoryChunkStore() });
 * ```
 *
 * @category Resumable streams
 */
export interface ResumableOptions {
  /** Where chunks are kept by stream id. Default: {@link memoryChunkStore}. */
  readonly store?: ChunkStore;
}

/**
 * What {@link resumable} returns: the POST response, the resume GET, and cancel.
 *
 * @example
 * ```ts
 * const response = await streams.toUIMessageStreamResponse(run, { id: chatId });
 * ```
 *
 * @category Resumable streams
 */
export interface ResumableStreams {
  /**
   * Streams `run` like `toUIMessageStreamResponse`, keeping its chunks under `id` (use the chat id: `useChat`
   * resumes with `GET …/{chatId}/stream`). The run goes on when the client disconnects; a new stream for the
   * same id cancels the previous run.
   */
  toUIMessageStreamResponse(run: StreamableRun, init: UIMessageStreamResponseInit & UIMessageStreamOptions & { readonly id: string }): Promise<Response>;
  /**
   * The resume GET: the active stream of `id` replayed from its start and then followed live (as `ai` 7's
   * `useChat({ resume: true })` expects), or `204 No Content` when there is nothing to resume.
   */
  resume(id: string, init?: UIMessageStreamResponseInit): Promise<Response>;
  /** Cancels the run streaming under `id` in this process (its readers get `abort` and `finish`). False when there is none. */
  cancel(id: string): Promise<boolean>;
}

/**
 * Resumable UI message streams: each run's chunks are kept by id while it runs, so a page that reloads (or a
 * client whose connection dropped) reconnects and continues where it was. Under it a dropped connection does
 * not cancel the run; `streams.cancel(id)` does.
 *
 * @example
 * ```ts
 * const streams = resumable();
 * // POST /api/chat
 * const { id, messages } = await request.json();
 * return streams.toUIMessageStreamResponse(agent.run(model, fromUIMessages(messages)), { id });
 * // GET /api/chat/:id/stream
 * return streams.resume(params.id);
 * ```
 *
 * @category Resumable streams
 */
export function resumable(options: ResumableOptions = {}): ResumableStreams {
  const store = options.store ?? memoryChunkStore();
  const running = new Map<string, StreamableRun>();

  async function pump(id: string, run: StreamableRun, chunks: ReadableStream<UIMessageChunk>): Promise<void> {
    const reader = chunks.getReader();
    try {
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        if (running.get(id) !== run) {
          await reader.cancel();
          return;
        }
        await store.append(id, next.value);
      }
      if (running.get(id) === run) await store.end(id);
    } catch {
      await reader.cancel().catch(() => undefined);
      if (running.get(id) === run) await store.end(id).catch(() => undefined);
    } finally {
      if (running.get(id) === run) running.delete(id);
    }
  }

  async function follow(id: string, init: UIMessageStreamResponseInit): Promise<Response> {
    const controller = new AbortController();
    const source = await store.read(id, controller.signal);
    if (source === undefined) return new Response(null, { status: 204 });
    const iterator = source[Symbol.asyncIterator]();
    const chunks = new ReadableStream<UIMessageChunk>(
      {
        async pull(stream) {
          const next = await iterator.next();
          if (next.done === true) stream.close();
          else stream.enqueue(next.value);
        },
        async cancel() {
          controller.abort();
          await iterator.return?.();
        },
      },
      { highWaterMark: 0 },
    );
    return uiChunksResponse(chunks, init);
  }

  return {
    async toUIMessageStreamResponse(run, init) {
      const { id, messageId, onError, originalMessages, signal: _signal, ...responseInit } = init;
      const previous = running.get(id);
      running.set(id, run);
      if (previous !== undefined) void disposeRun(previous);
      await store.start(id);
      const chunks = toUIMessageStream(run, {
        ...(messageId === undefined ? {} : { messageId }),
        ...(onError === undefined ? {} : { onError }),
        ...(originalMessages === undefined ? {} : { originalMessages }),
      });
      void pump(id, run, chunks);
      return follow(id, responseInit);
    },
    resume: (id, init = {}) => follow(id, init),
    async cancel(id) {
      const run = running.get(id);
      if (run === undefined) return false;
      await disposeRun(run);
      return true;
    },
  };
}
