// A tool module for the CLI tests: its exports are tools, made the way the README teaches.
// slow_search waits until it is aborted (or 60 s); it logs its start and its abort to $TANDEM_TEST_LOG.
import { appendFileSync } from 'node:fs';
import { tool } from '@tandem/tools';
import { z } from 'zod';

function log(line) {
  if (process.env.TANDEM_TEST_LOG) appendFileSync(process.env.TANDEM_TEST_LOG, `${line}\n`);
}

export const slow_search = tool({
  name: 'slow_search',
  description: 'A search that takes a long time; it records when its signal aborts.',
  inputSchema: z.object({ query: z.string() }),
  async execute({ query }, { signal }) {
    log(`started ${query}`);
    await new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, 60_000);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          log(`aborted ${query}`);
          reject(signal.reason);
        },
        { once: true },
      );
    });
    return `results for ${query}`;
  },
});

export const quick_echo = tool({
  name: 'quick_echo',
  description: 'Echoes its text back.',
  inputSchema: z.object({ text: z.string() }),
  execute: ({ text }) => `echo: ${text}`,
});

export const delete_file = tool({
  name: 'delete_file',
  description: 'Pretends to delete a file; asks for approval first.',
  inputSchema: z.object({ name: z.string() }),
  needsApproval: true,
  execute({ name }) {
    log(`deleted ${name}`);
    return `deleted ${name}`;
  },
});

export const notATool = 42;
