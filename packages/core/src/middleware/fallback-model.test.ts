import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/agent.js';
import type { AgentEvent } from '../events/agent-event.js';
import { APICallError } from '../spec/errors/api-call-error.js';
import { registerProvider } from '../provider-registry/provider-registry.js';
import { ScriptedModel, textResponse } from '../testing/index.js';
import { fallbackModel } from './fallback-model.js';
import { wrapModel } from './wrap-model.js';
import { defaultShouldFallback } from './default-should-fallback.js';

const unavailable = (): APICallError => new APICallError({ message: 'overloaded', statusCode: 503, url: 'http://x' });

async function eventsOf(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return events;
}

describe('fallbackModel', () => {
  it('moves to the next model on a retryable error before the first part; stream-start names the one that answered', async () => {
    const primary = new ScriptedModel({ provider: 'p1', modelId: 'm1', responses: [{ error: unavailable() }] });
    const backup = new ScriptedModel({ provider: 'p2', modelId: 'm2', responses: [textResponse('from backup')] });
    const moves: string[] = [];
    const model = fallbackModel([primary, backup], { onFallback: ({ from, to }) => moves.push(`${from.modelId}->${to.modelId}`) });
    const run = new Agent().run(model, 'hi');
    const starts = (await eventsOf(run)).filter((event) => event.type === 'stream-start');
    expect((await run.result).text).toBe('from backup');
    expect(starts).toEqual([expect.objectContaining({ provider: 'p2', modelId: 'm2' })]);
    expect(moves).toEqual(['m1->m2']);
    expect(backup.requests[0]?.messages).toEqual(primary.requests[0]?.messages);
  });

  it('one stream-start per model call, each naming its answering model', async () => {
    let calls = 0;
    const primary = new ScriptedModel({ provider: 'p1', modelId: 'm1', responses: () => (++calls === 1 ? textResponse('primary') : { error: unavailable() }) });
    const backup = new ScriptedModel({ provider: 'p2', modelId: 'm2', responses: () => textResponse('backup') });
    const model = fallbackModel([primary, backup]);
    const agent = new Agent();
    const first = await eventsOf(agent.run(model, 'a'));
    const second = await eventsOf(agent.run(model, 'b'));
    expect(first.filter((event) => event.type === 'stream-start')).toEqual([expect.objectContaining({ provider: 'p1', modelId: 'm1' })]);
    expect(second.filter((event) => event.type === 'stream-start')).toEqual([expect.objectContaining({ provider: 'p2', modelId: 'm2' })]);
  });

  it('does not fall back on a non-retryable error, nor after the first part', async () => {
    const badRequest = new APICallError({ message: 'bad', statusCode: 400, url: 'http://x' });
    const backup = new ScriptedModel({ responses: () => textResponse('backup') });
    const rejected = fallbackModel([new ScriptedModel({ responses: [{ error: badRequest }] }), backup]);
    await expect(new Agent().run(rejected, 'hi').result).rejects.toBe(badRequest);
    const midStream = unavailable();
    const broken = new ScriptedModel({
      responses: [
        (async function* () {
          yield { type: 'text-start', blockId: 't' } as const;
          throw midStream;
        })(),
      ],
    });
    await expect(new Agent().run(fallbackModel([broken, backup]), 'hi').result).rejects.toBe(midStream);
    expect(backup.requests).toHaveLength(0);
  });

  it('throws the last error when every model failed, and honours shouldFallback', async () => {
    const last = unavailable();
    const all = fallbackModel([new ScriptedModel({ responses: [{ error: unavailable() }] }), new ScriptedModel({ responses: [{ error: last }] })]);
    await expect(new Agent().run(all, 'hi').result).rejects.toBe(last);
    const custom = new Error('quota');
    const backup = new ScriptedModel({ responses: [textResponse('ok')] });
    const model = fallbackModel([new ScriptedModel({ responses: [{ error: custom }] }), backup], { shouldFallback: (error) => error === custom });
    expect((await new Agent().run(model, 'hi').result).text).toBe('ok');
  });

  it('falls back on connection failures by default', () => {
    expect(defaultShouldFallback(new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }))).toBe(true);
    expect(defaultShouldFallback(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(true);
    expect(defaultShouldFallback(new Error('no'))).toBe(false);
    expect(defaultShouldFallback(new APICallError({ message: 'limit', statusCode: 429, url: 'http://x' }))).toBe(true);
  });

  it('takes provider:model-id strings through the registry, and keeps announcing through wrapModel', async () => {
    const primary = new ScriptedModel({ provider: 'fb-one', modelId: 'big', responses: [{ error: unavailable() }] });
    const backup = new ScriptedModel({ provider: 'fb-two', modelId: 'small', responses: [textResponse('two')] });
    registerProvider('fb-one', () => primary);
    registerProvider('fb-two', () => backup);
    const model = wrapModel(fallbackModel(['fb-one:big', 'fb-two:small']), {});
    const events = await eventsOf(new Agent().run(model, 'hi'));
    expect(events.find((event) => event.type === 'stream-start')).toMatchObject({ provider: 'fb-two', modelId: 'small' });
    expect(() => fallbackModel([])).toThrow(TypeError);
  });

  it('never falls back after an abort', async () => {
    const controller = new AbortController();
    const backup = new ScriptedModel({ responses: [textResponse('backup')] });
    const primary = new ScriptedModel({
      responses: () => {
        controller.abort();
        return { error: unavailable() };
      },
    });
    const result = await new Agent().run(fallbackModel([primary, backup]), 'hi', { signal: controller.signal }).result;
    expect(result.stopReason).toBe('cancelled');
    expect(backup.requests).toHaveLength(0);
  });
});
