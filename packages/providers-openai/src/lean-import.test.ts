// Importing the provider must stay light: zod (its wire schemas) and `ws` load with the first call, not with
// the import. Imports the built package (dist, through its exports map) in a child process whose module
// loader records every module it resolves.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

const packageDir = new URL('..', import.meta.url).pathname;
let dir = '';

beforeAll(() => {
  if (!existsSync(join(packageDir, 'dist', 'index.js'))) throw new Error('Build @tandem/providers-openai first: this test imports dist/.');
  dir = mkdtempSync(join(tmpdir(), 'tandem-openai-imports-'));
  writeFileSync(
    join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.TANDEM_LOADED_LOG, resolved.url + '\\n');
  return resolved;
}
`,
  );
  writeFileSync(join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`);
});
afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

/** Runs `script` from inside the package (self-reference → dist) and returns every module URL resolved. */
function modulesLoadedBy(name: string, script: string): string[] {
  const log = join(dir, `${name}.log`);
  writeFileSync(log, '');
  execFileSync(process.execPath, ['--import', pathToFileURL(join(dir, 'register.mjs')).href, '--input-type=module', '-e', script], {
    cwd: packageDir,
    env: { ...process.env, TANDEM_LOADED_LOG: log },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return readFileSync(log, 'utf8').split('\n').filter((line) => line !== '');
}

const heavy = (url: string): boolean => /\/node_modules\/(zod|ws)\//.test(url);

it('loads neither zod nor ws when imported', () => {
  const loaded = modulesLoadedBy('import', `const { openai } = await import('@tandem/providers-openai'); openai('gpt-5'); openai.chat('gpt-4o'); openai.realtime('gpt-realtime');`);
  expect(loaded.some((url) => url.endsWith('/packages/providers-openai/dist/index.js'))).toBe(true);
  expect(loaded.filter(heavy)).toEqual([]);
});

it('loads zod with the first call (here one refused by a closed port)', () => {
  const loaded = modulesLoadedBy(
    'call',
    `const { createOpenAI } = await import('@tandem/providers-openai');
const { userMessage } = await import('@tandem/core');
const model = createOpenAI({ apiKey: 'sk-test', baseURL: 'http://127.0.0.1:9/v1', maxRetries: 0 })('gpt-5');
try { for await (const part of model.stream({ messages: [userMessage('Hi')], tools: [] })) void part; } catch {}`,
  );
  expect(loaded.some((url) => /\/node_modules\/zod\//.test(url))).toBe(true);
});

it('exports the zod schemas from @tandem/providers-openai/schemas', () => {
  const loaded = modulesLoadedBy('schemas', `const { ChatMessage } = await import('@tandem/providers-openai/schemas'); ChatMessage.parse({ role: 'user', content: 'Hi' });`);
  expect(loaded.some((url) => /\/node_modules\/zod\//.test(url))).toBe(true);
});
