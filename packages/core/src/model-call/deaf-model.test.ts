import { afterEach, describe, expect, it, vi } from 'vitest';
import { Agent } from '../agent/agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { stream } from '../stream/stream.js';
import type { LanguageModelV1 } from '../spec/language-model/v1/language-model-v1.js';
import type { ModelStreamPart } from '../spec/language-model/v1/model-stream-part.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('models that ignore their abort signal', () => {
  function deafModel(parts: readonly ModelStreamPart[]): LanguageModelV1 {
    return {
      specificationVersion: 'v1',
      provider: 'deaf',
      modelId: 'deaf',
      async *stream() {
        yield* parts;
        await new Promise(() => undefined);
      },
    };
  }

  it('agent.cancel() during streaming ends the run even when the provider never stops', async () => {
    const model = deafModel([
      { type: 'text-start', blockId: 't' },
      { type: 'text-delta', blockId: 't', chunk: 'Hel' },
    ]);
    const agent = new Agent();
    const run = agent.run(model, 'go');
    for await (const event of run) if (event.type === 'text-delta') agent.cancel();
    const result = await run.result;
    expect(result.stopReason).toBe('cancelled');
    expect(result.text).toBe('Hel');
  });

  it('a run cancelled before its model call ends even when the provider never stops', async () => {
    const model = deafModel([]);
    const agent = new Agent({
      hooks: {
        beforeModelCall() {
          agent.cancel();
        },
      },
    });
    const result = await agent.run(model, 'go').result;
    expect(result.stopReason).toBe('cancelled');
  });

  it('disposing a stream() whose provider never stops resolves; result rejects with the reason', async () => {
    const response = stream(deafModel([{ type: 'text-start', blockId: 't' }]), 'hi');
    const iterator = response[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ type: 'stream-start' });
    await response[Symbol.asyncDispose]();
    await expect(response.result).rejects.toThrow(/disposed/);
    const rest = (async () => {
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next());
    })();
    await expect(rest).rejects.toThrow(/disposed/);
  });

  it('aborting a gated ScriptedModel response rejects its stream at once with the reason', async () => {
    const model = new ScriptedModel({
      responses: [
        (async function* () {
          yield { type: 'text-start', blockId: 't' } as const;
          await new Promise(() => undefined);
        })(),
      ],
    });
    const controller = new AbortController();
    const iterator = model.stream({ messages: [], tools: [] }, { signal: controller.signal })[Symbol.asyncIterator]();
    await iterator.next();
    const next = iterator.next();
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(next).rejects.toBe(reason);
  });
});
