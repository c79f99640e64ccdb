import { TextAggregator } from '@tandem/aggregators';
import type { FunctionTool } from '@tandem/core';

/** A deferred: a promise with its resolve, for gating tools in tests. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const cityParams = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as const;

/** Returns the weather at once. */
export function weatherTool(calls: string[] = []): FunctionTool<{ city: string }> {
  return {
    kind: 'function',
    name: 'weather',
    spec: { description: 'Weather for a city.', params: cityParams },
    execute: ({ city }) => {
      calls.push(city);
      return { city, sky: 'sunny' };
    },
  };
}

/** A streaming tool: yields two partial results (the second after `release` opens), then ends. */
export function researchTool(release: Promise<void>): FunctionTool<{ city: string }> {
  return {
    kind: 'function',
    name: 'research',
    spec: { description: 'Research a city, streaming notes.', params: cityParams },
    aggregator: TextAggregator,
    async *execute({ city }) {
      yield `Notes on ${city}. `;
      await release;
      yield 'Done.';
    },
  };
}

/** A tool that needs approval; records each run. */
export function deleteTool(runs: string[]): FunctionTool<{ path: string }> {
  return {
    kind: 'function',
    name: 'delete_file',
    spec: { description: 'Delete a file.', params: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
    needsApproval: true,
    execute: ({ path }) => {
      runs.push(path);
      return `deleted ${path}`;
    },
  };
}

/** A schema-only tool: the client runs it. */
export const browserLocation: FunctionTool = {
  kind: 'function',
  name: 'browser_location',
  spec: { description: "The user's location, from the browser.", params: { type: 'object', properties: {} } },
};
