import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse } from '../testing/responses.js';
import { deferred } from '../__fixtures__/fixtures.js';

describe('leaving an event iteration early', () => {
  it('a run iterator closed by break stays done: later events are neither buffered nor delivered', async () => {
    const model = new ScriptedModel({ responses: [textResponse('hello world', { chunkSize: 2 })] });
    const run = new Agent().run(model, 'go');
    const iterator = run[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ type: 'step-start' });
    await iterator.return?.();
    const result = await run.result;
    expect(result.text).toBe('hello world');
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('a failure delivered to a waiting next() is reported once; the iterator is done afterwards', async () => {
    const gate = deferred();
    const failure = new Error('HTTP 500');
    const model = new ScriptedModel({
      responses: [
        (async function* () {
          yield* [];
          await gate.promise;
          throw failure;
        })(),
      ],
    });
    const run = new Agent().run(model, 'go');
    const iterator = run[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ type: 'step-start' });
    expect((await iterator.next()).value).toMatchObject({ type: 'stream-start' });
    const waiting = iterator.next();
    gate.resolve();
    await expect(waiting).rejects.toBe(failure);
    await expect(run.result).rejects.toBe(failure);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('iterating a run a second time throws a TypeError that says what to do instead', async () => {
    const run = new Agent().run(new ScriptedModel({ responses: [textResponse('hi')] }), 'go');
    for await (const _event of run);
    expect(() => run[Symbol.asyncIterator]()).toThrow(TypeError);
    expect(() => run[Symbol.asyncIterator]()).toThrow(/only be iterated once.*await `result`/);
    expect((await run.result).text).toBe('hi');
  });
});
