import type { UIMessageChunk } from '../ai-sdk/ui-message-chunk.js';
import type { ChunkStore } from './chunk-store.js';

interface Entry {
  readonly chunks: UIMessageChunk[];
  done: boolean;
  readonly waiters: Set<() => void>;
}

/**
 * The in-memory {@link ChunkStore}: streams live in this process only, and are dropped when they end. Right for
 * one server process; use a shared store when requests of one chat may reach different processes.
 *
 * @example
 * ```ts
 * const streams = resumable({ store: memoryChunkStore() });
 * ```
 *
 * @category Resumable streams
 */
export function memoryChunkStore(): ChunkStore {
  const streams = new Map<string, Entry>();
  const wake = (entry: Entry): void => {
    for (const waiter of entry.waiters) waiter();
    entry.waiters.clear();
  };
  return {
    async start(id) {
      const previous = streams.get(id);
      if (previous !== undefined) {
        previous.done = true;
        wake(previous);
      }
      streams.set(id, { chunks: [], done: false, waiters: new Set() });
    },
    async append(id, chunk) {
      const entry = streams.get(id);
      if (entry === undefined || entry.done) return;
      entry.chunks.push(chunk);
      wake(entry);
    },
    async end(id) {
      const entry = streams.get(id);
      if (entry === undefined) return;
      entry.done = true;
      wake(entry);
      streams.delete(id);
    },
    async read(id, signal) {
      const entry = streams.get(id);
      if (entry === undefined || entry.done) return undefined;
      return follow(entry, signal);
    },
  };
}

async function* follow(entry: Entry, signal: AbortSignal): AsyncGenerator<UIMessageChunk> {
  let index = 0;
  while (!signal.aborted) {
    while (index < entry.chunks.length) {
      yield entry.chunks[index] as UIMessageChunk;
      index += 1;
    }
    if (entry.done || signal.aborted) return;
    await new Promise<void>((resolve) => {
      const onChunk = (): void => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = (): void => {
        entry.waiters.delete(onChunk);
        resolve();
      };
      entry.waiters.add(onChunk);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
