import type { UIMessageChunk } from '../ai-sdk/ui-message-chunk.js';

/**
 * Where `resumable()` keeps each stream's chunks by id, so a client that reconnects gets the stream replayed
 * from its start and then follows it live. The default is {@link memoryChunkStore} (one process); implement this
 * for a store several server processes share (Redis streams, a database table with notifications).
 *
 * A stream is *active* from `start(id)` until `end(id)`; `read` of an id that is not active returns `undefined`.
 *
 * @example
 * ```ts
 * const streams = resumable({ store: memoryChunkStore() });
 * ```
 *
 * @category Resumable streams
 */
export interface ChunkStore {
  /** Begins a new stream under `id` (a previous stream of that id is dropped). */
  start(id: string): Promise<void>;
  /** Adds a chunk to the active stream of `id`, in order. */
  append(id: string, chunk: UIMessageChunk): Promise<void>;
  /** The stream of `id` is complete: readers get its last chunks and end; later reads find nothing to resume. */
  end(id: string): Promise<void>;
  /**
   * Every chunk of the active stream of `id` from the first, then each new one as it is appended, ending when the
   * stream ends or `signal` aborts. `undefined` when `id` has no active stream.
   */
  read(id: string, signal: AbortSignal): Promise<AsyncIterable<UIMessageChunk> | undefined>;
}
