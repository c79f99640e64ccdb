import { Agent } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { gate, weatherTool } from '../__fixtures__/tools.js';
import { readSse } from '../__fixtures__/ui-chunks.js';
import { memoryChunkStore } from './memory-chunk-store.js';
import { resumable } from './resumable.js';

function slowRun(release: Promise<void>, runs: string[]) {
  const tool = { ...weatherTool(runs), execute: async ({ city }: { city: string }) => (await release, runs.push(city), 'sunny') };
  const model = new ScriptedModel({ responses: [toolCallResponse([{ id: 'call_w', name: 'weather', input: { city: 'Oslo' } }]), textResponse('Sunny in Oslo.')] });
  return new Agent({ tools: [tool] }).run(model, 'Weather?');
}

async function readUntil(body: ReadableStream<Uint8Array>, text: string): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  while (!seen.includes(text)) {
    const next = await reader.read();
    if (next.done) throw new Error(`The stream ended before ${text}`);
    seen += decoder.decode(next.value);
  }
  await reader.cancel();
}

describe('resumable', () => {
  it('keeps the run going when the client drops, and replays the stream from its start on resume', async () => {
    const release = gate();
    const runs: string[] = [];
    const streams = resumable({ store: memoryChunkStore() });
    const run = slowRun(release.promise, runs);
    const first = await streams.toUIMessageStreamResponse(run, { id: 'chat_1', messageId: 'msg_1' });
    expect(first.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    await readUntil(first.body as ReadableStream<Uint8Array>, 'tool-input-available');

    const resumed = await streams.resume('chat_1');
    expect(resumed.status).toBe(200);
    release.open();
    const events = await readSse(resumed);
    expect(events[0]).toEqual({ type: 'start', messageId: 'msg_1' });
    expect(events.at(-2)).toEqual({ type: 'finish', finishReason: 'stop' });
    expect(events.at(-1)).toBe('[DONE]');
    expect(events).toContainEqual({ type: 'tool-output-available', toolCallId: 'call_w', output: 'sunny' });
    expect((await run.result).stopReason).toBe('endTurn');
    expect(runs).toEqual(['Oslo']);
    // Finished: nothing to resume.
    expect((await streams.resume('chat_1')).status).toBe(204);
    expect((await streams.resume('unknown')).status).toBe(204);
  });

  it('cancel(id) cancels the run; its readers get abort and finish', async () => {
    const streams = resumable();
    const run = slowRun(new Promise(() => undefined), []);
    const response = await streams.toUIMessageStreamResponse(run, { id: 'chat_2' });
    expect(await streams.cancel('chat_2')).toBe(true);
    const events = await readSse(response);
    expect(events.slice(-3)).toEqual([{ type: 'abort', reason: 'The run was cancelled.' }, { type: 'finish', finishReason: 'other' }, '[DONE]']);
    expect((await run.result).stopReason).toBe('cancelled');
    expect(await streams.cancel('chat_2')).toBe(false);
  });

  it('a new stream for the same id cancels the previous run', async () => {
    const streams = resumable();
    const older = slowRun(new Promise(() => undefined), []);
    await streams.toUIMessageStreamResponse(older, { id: 'chat_3' });
    const model = new ScriptedModel({ responses: [textResponse('Fresh.')] });
    const newer = await streams.toUIMessageStreamResponse(new Agent().run(model, 'Again'), { id: 'chat_3' });
    expect((await older.result).stopReason).toBe('cancelled');
    expect(await readSse(newer)).toContainEqual({ type: 'text-delta', id: '1:text-0', delta: 'Fresh.' });
  });
});
