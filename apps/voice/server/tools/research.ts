import { StatusAggregator } from '@tandem/aggregators';
import { sleep } from '@tandem/core';
import { tool } from '@tandem/tools';
import { z } from 'zod';
import type { ToolActivity } from './tool-activity.js';

const SOURCES = ['the offline encyclopedia', 'the project notes', 'the glossary', 'the changelog', 'the FAQ', 'the mailing list'];

/**
 * `research({ topic, sources? })`: a slow, streaming stand-in for a research tool that works offline. It
 * reports each source it reads as a partial result (about one a second), then a summary — the result
 * the model gets (`StatusAggregator`: progress first, the last item is the result).
 */
export function researchTool(activity: ToolActivity, stepMs = 1_000) {
  return tool({
    name: 'research',
    description: 'Research a topic slowly, reporting each source as it is read (offline stand-in; streams partial results).',
    inputSchema: z.object({
      topic: z.string().describe('What to research.'),
      sources: z.number().int().min(1).max(SOURCES.length).optional().describe(`How many sources to read (1 to ${String(SOURCES.length)}; default 4).`),
    }),
    aggregator: StatusAggregator,
    execute: ({ topic, sources = 4 }, { signal }) =>
      activity.trackStream(signal, async function* () {
        const subject = topic.trim() === '' ? 'an unnamed topic' : `"${topic.trim()}"`;
        for (let index = 0; index < sources; index++) {
          await sleep(stepMs, signal);
          yield `Read ${SOURCES[index] ?? 'a source'} on ${subject} (${String(index + 1)}/${String(sources)}).`;
        }
        yield `Research on ${subject} is done: ${String(sources)} offline sources read.`;
      }),
  });
}
