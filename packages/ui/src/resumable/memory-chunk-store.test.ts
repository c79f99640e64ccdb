import { describe, expect, it } from 'vitest';
import type { UIMessageChunk } from '../ai-sdk/ui-message-chunk.js';
import { memoryChunkStore } from './memory-chunk-store.js';

async function collect(source: AsyncIterable<UIMessageChunk> | undefined): Promise<string[]> {
  const types: string[] = [];
  for await (const chunk of source ?? []) types.push(chunk.type);
  return types;
}

describe('memoryChunkStore', () => {
  it('replays a stream from its first chunk, follows it live, and ends readers when it ends', async () => {
    const store = memoryChunkStore();
    await store.start('a');
    await store.append('a', { type: 'start' });
    const early = collect(await store.read('a', new AbortController().signal));
    await store.append('a', { type: 'start-step' });
    const late = collect(await store.read('a', new AbortController().signal));
    await store.append('a', { type: 'finish' });
    await store.end('a');
    expect(await early).toEqual(['start', 'start-step', 'finish']);
    expect(await late).toEqual(['start', 'start-step', 'finish']);
    expect(await store.read('a', new AbortController().signal)).toBeUndefined();
  });

  it('stops a reader whose signal aborts, and a new start(id) ends the readers of the previous stream', async () => {
    const store = memoryChunkStore();
    await store.start('b');
    await store.append('b', { type: 'start' });
    const controller = new AbortController();
    const aborted = collect(await store.read('b', controller.signal));
    const replaced = collect(await store.read('b', new AbortController().signal));
    controller.abort();
    expect(await aborted).toEqual(['start']);
    await store.start('b');
    expect(await replaced).toEqual(['start']);
    const fresh = collect(await store.read('b', new AbortController().signal));
    await store.end('b');
    expect(await fresh).toEqual([]);
  });
});
