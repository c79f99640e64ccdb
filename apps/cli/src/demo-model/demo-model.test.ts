import { describe, expect, it } from 'vitest';
import { Agent, userMessage } from '@tandem/core';
import { tool } from '@tandem/tools';
import { z } from 'zod';
import { demoModel } from './demo-model.js';

describe('demoModel', () => {
  it('streams its words and reports a spec v1 model labelled demo', async () => {
    const model = demoModel({ wordDelayMs: 0 });
    expect(model).toMatchObject({ specificationVersion: 'v1', provider: 'demo', modelId: 'offline' });
    const parts = [];
    for await (const part of model.stream({ messages: [userMessage('hello there')], tools: [] })) parts.push(part);
    const deltas = parts.filter((part) => part.type === 'text-delta').map((part) => part.chunk);
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.join('')).toMatch(/^You said: "hello there"\. I am the offline demo model/);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop', usage: { inputTokens: 2, outputTokens: deltas.length } });
  });

  it('runs named tools as one concurrent group in an Agent, then narrates the results', async () => {
    const running = new Set<string>();
    let overlapped = false;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = (name: string) =>
      tool({
        name,
        description: `${name} for a city.`,
        input: z.object({ city: z.string() }),
        async execute({ city }) {
          running.add(name);
          if (running.size === 2) {
            overlapped = true;
            release();
          }
          await gate;
          running.delete(name);
          return `${name} in ${city}: fine`;
        },
      });
    const agent = new Agent({ tools: [slow('weather'), slow('flights')] });
    const run = agent.run(demoModel({ wordDelayMs: 0 }), [userMessage('weather city=Oslo and flights city=Oslo')]);
    const types: string[] = [];
    for await (const event of run) types.push(event.type);
    const result = await run.result;
    expect(overlapped).toBe(true);
    expect(result.stopReason).toBe('endTurn');
    expect(result.steps).toHaveLength(2);
    expect(result.text).toBe('The tools returned:\n- weather: weather in Oslo: fine\n- flights: flights in Oslo: fine');
    expect(types).toContain('reasoning-delta');
    expect(types.filter((type) => type === 'tool-end')).toHaveLength(2);
  });

  it('lets schema validation report a value that does not convert', async () => {
    const weather = tool({ name: 'weather', description: 'Weather.', input: z.object({ days: z.number() }), execute: ({ days }) => days });
    const run = new Agent({ tools: [weather] }).run(demoModel({ wordDelayMs: 0 }), [userMessage('weather days=soon')]);
    const result = await run.result;
    expect(result.steps[0]?.toolResults[0]?.status).toBe('error');
    expect(result.text).toMatch(/weather failed: .*days/);
  });

  it('stops streaming when aborted', async () => {
    const controller = new AbortController();
    const model = demoModel({ wordDelayMs: 5 });
    const iterator = model.stream({ messages: [userMessage('hello there you')], tools: [] }, { signal: controller.signal })[Symbol.asyncIterator]();
    await iterator.next();
    controller.abort(new Error('stop'));
    await expect(iterator.next()).rejects.toThrow('stop');
  });
});
