import { describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { stream } from '../stream/stream.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { finishPart } from '../testing/responses.js';
import { EventsNotKeptError } from '../events/events-not-kept-error.js';
import type { ModelStreamPart } from '../spec/language-model/v1/model-stream-part.js';

function manyDeltas(count: number): ModelStreamPart[] {
  const parts: ModelStreamPart[] = [{ type: 'text-start', blockId: 't' }];
  for (let i = 0; i < count; i++) parts.push({ type: 'text-delta', blockId: 't', chunk: 'abcd' });
  parts.push({ type: 'text-end', blockId: 't' }, finishPart('stop'));
  return parts;
}

describe('a caller that only awaits result', () => {
  it('a long run nobody iterates keeps no events: a late iteration throws EventsNotKeptError instead of silently missing events', async () => {
    const run = new Agent().run(new ScriptedModel({ responses: [manyDeltas(20_000)] }), 'go');
    const result = await run.result;
    expect(result.text).toHaveLength(80_000);
    const iterate = async (): Promise<void> => {
      for await (const _event of run) {
        // never reached
      }
    };
    const error: unknown = await iterate().catch((caught: unknown) => caught);
    expect(EventsNotKeptError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('more than 10,000 events');
    await expect(iterate()).rejects.toThrow(/can only be iterated once/);
  });

  it('a short run read after its result still delivers every event', async () => {
    const run = new Agent().run(new ScriptedModel({ responses: [manyDeltas(100)] }), 'go');
    const result = await run.result;
    let deltas = 0;
    for await (const event of run) if (event.type === 'text-delta') deltas++;
    expect(deltas).toBe(100);
    expect(result.text).toHaveLength(400);
  });

  it('an iterator taken before the run gets going receives every event of a long run', async () => {
    const run = new Agent().run(new ScriptedModel({ responses: [manyDeltas(20_000)] }), 'go');
    let deltas = 0;
    for await (const event of run) if (event.type === 'text-delta') deltas++;
    expect(deltas).toBe(20_000);
  });

  it('stream() behaves the same way', async () => {
    const response = stream(new ScriptedModel({ responses: [manyDeltas(20_000)] }), 'go');
    expect((await response.result).text).toHaveLength(80_000);
    await expect(response[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(EventsNotKeptError);
  });
});
