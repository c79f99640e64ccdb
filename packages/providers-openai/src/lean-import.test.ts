// Importing the provider must stay light: zod (its wire schemas) and `ws` load with the first call, not with
// the import. Imports the built package (dist, through its exports map) in a child process whose module
// loader records every module it resolves.
import { modulesLoadedBy } from '@tandem/provider-utils/testing';
import { expect, it } from 'vitest';

const packageDir = new URL('..', import.meta.url).pathname;
const heavy = (url: string): boolean => /\/node_modules\/(zod|ws)\//.test(url);

it('loads neither zod nor ws when imported', () => {
  const loaded = modulesLoadedBy(packageDir, `const { openai } = await import('@tandem/providers-openai'); openai('gpt-5'); openai.chat('gpt-4o'); openai.realtime('gpt-realtime');`);
  expect(loaded.some((url) => url.endsWith('/packages/providers-openai/dist/index.js'))).toBe(true);
  expect(loaded.filter(heavy)).toEqual([]);
});

it('loads zod with the first call (here one refused by a closed port)', () => {
  const loaded = modulesLoadedBy(
    packageDir,
    `const { createOpenAI } = await import('@tandem/providers-openai');
const { userMessage } = await import('@tandem/core');
const model = createOpenAI({ apiKey: 'sk-test', baseURL: 'http://127.0.0.1:9/v1', maxRetries: 0 })('gpt-5');
try { for await (const part of model.stream({ messages: [userMessage('Hi')], tools: [] })) void part; } catch {}`,
  );
  expect(loaded.some((url) => /\/node_modules\/zod\//.test(url))).toBe(true);
});

it('exports the zod schemas from @tandem/providers-openai/schemas', () => {
  const loaded = modulesLoadedBy(packageDir, `const { ChatMessage } = await import('@tandem/providers-openai/schemas'); ChatMessage.parse({ role: 'user', content: 'Hi' });`);
  expect(loaded.some((url) => /\/node_modules\/zod\//.test(url))).toBe(true);
});
