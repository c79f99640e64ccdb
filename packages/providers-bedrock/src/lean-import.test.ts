// Importing the provider must stay light: the AWS SDK loads with the first call, not with the import.
// Imports the built package (dist, through its exports map) in a child process whose module loader records
// every module it resolves.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

const packageDir = new URL('..', import.meta.url).pathname;
let dir = '';

beforeAll(() => {
  if (!existsSync(join(packageDir, 'dist', 'index.js'))) throw new Error('Build @tandem/providers-bedrock first: this test imports dist/.');
  dir = mkdtempSync(join(tmpdir(), 'tandem-bedrock-imports-'));
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

const awsSdk = (url: string): boolean => /\/node_modules\/@(aws-sdk|smithy)\//.test(url);

it('does not load the AWS SDK when imported', () => {
  const loaded = modulesLoadedBy('import', `const { bedrock } = await import('@tandem/providers-bedrock'); bedrock('amazon.nova-pro-v1:0'); bedrock.novaSonic('amazon.nova-sonic-v1:0');`);
  expect(loaded.some((url) => url.endsWith('/packages/providers-bedrock/dist/index.js'))).toBe(true);
  expect(loaded.filter(awsSdk)).toEqual([]);
});

it('loads it with the first call (here one refused by a closed port)', () => {
  const loaded = modulesLoadedBy(
    'call',
    `const { createBedrock } = await import('@tandem/providers-bedrock');
const { userMessage } = await import('@tandem/core');
const model = createBedrock({ region: 'us-east-1', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' }, maxRetries: 0 })('amazon.nova-pro-v1:0');
try { for await (const part of model.stream({ messages: [userMessage('Hi')], tools: [] })) void part; } catch {}`,
  );
  expect(loaded.some((url) => url.includes('/node_modules/@aws-sdk/client-bedrock-runtime/'))).toBe(true);
});
