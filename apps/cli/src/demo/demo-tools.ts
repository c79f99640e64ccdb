import { sleep } from '@tandem/core';
import { StatusAggregator } from '@tandem/aggregators';
import { makeStop } from '@tandem/stop';
import { tool } from '@tandem/tools';
import { z } from 'zod';

/**
 * The tools of `tandem demo`, defined the way the README teaches (`tool()` + zod): two slow lookups that
 * run as one concurrent group, a streaming research tool (partial results through `StatusAggregator`),
 * and the stop tool.
 */
export function demoTools() {
  const weather = tool({
    name: 'weather',
    description: 'The weather forecast for a city (takes about 0.6 s).',
    inputSchema: z.object({ city: z.string().describe('City name') }),
    async execute({ city }, { signal }) {
      await sleep(600, signal);
      return { city, forecast: 'sunny', highC: 24 };
    },
  });
  const flights = tool({
    name: 'flights',
    description: 'The cheapest flight to a city (takes about 0.4 s).',
    inputSchema: z.object({ city: z.string().describe('Destination city') }),
    async execute({ city }, { signal }) {
      await sleep(400, signal);
      return `OSL → ${city}: 79 EUR, Friday 08:10`;
    },
  });
  const research = tool({
    name: 'research',
    description: 'Researches a topic, reporting progress as it reads its sources (a streaming tool).',
    inputSchema: z.object({ topic: z.string().describe('What to research') }),
    aggregator: StatusAggregator,
    async *execute({ topic }, { signal }) {
      const sources = ['the docs', 'the changelog', 'three blog posts', 'the issue tracker'];
      for (const [index, source] of sources.entries()) {
        await sleep(150, signal);
        yield `read ${source} (${String(index + 1)}/${String(sources.length)})`;
      }
      yield `${topic}: the tools of one response run together, and their results go back in call order.`;
    },
  });
  return [weather, flights, research, makeStop()];
}
