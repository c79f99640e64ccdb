// @tandem/tools without zod: a user who writes tools with jsonSchema(…) or another Standard Schema library
// installs @tandem/core and @tandem/tools only (zod is an optional peer) — importing and using them must work.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
let project = '';

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: 'true' } });
}

const SCRIPT = `import assert from 'node:assert/strict';
import { Agent, userMessage } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { jsonSchema, tool } from '@tandem/tools';

await assert.rejects(import('zod'), { code: 'ERR_MODULE_NOT_FOUND' });

const lookup = tool({
  name: 'lookup_order',
  description: 'Look up an order by id.',
  inputSchema: jsonSchema({ type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }),
  execute: ({ id }) => 'order ' + id + ' shipped',
});
/** A Standard Schema (with Standard JSON Schema) written by hand, as valibot or arktype would provide. */
const city = {
  '~standard': {
    version: 1,
    vendor: 'handmade',
    validate: (value) => (typeof value?.city === 'string' ? { value } : { issues: [{ message: 'Expected a city', path: ['city'] }] }),
    jsonSchema: { input: () => ({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }) },
  },
};
const weather = tool({ name: 'weather', description: 'Weather for a city.', input: city, execute: ({ city }) => 'sunny in ' + city });

const model = new ScriptedModel({
  responses: [
    toolCallResponse([{ name: 'lookup_order', input: { id: 7 } }, { name: 'weather', input: { city: 'Oslo' } }, { name: 'weather', input: { town: 'Oslo' } }]),
    textResponse('Done.'),
  ],
});
const result = await new Agent({ tools: [lookup, weather] }).run(model, [userMessage('Order 7, and the weather?')]).result;
assert.equal(result.text, 'Done.');
const results = JSON.stringify(model.requests[1].messages.at(-1));
assert.match(results, /order 7 shipped/);
assert.match(results, /sunny in Oslo/);
assert.match(results, /Expected a city/);
assert.deepEqual(weather.inputSchema, { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });
console.log('no zod ok');
`;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'tandem-no-zod-'));
  const tarball = (dir: string): string => {
    const out = run('npx', ['-y', 'pnpm@12.4.2', 'pack', '--pack-destination', project], join(root, 'packages', dir)).trim().split('\n').at(-1) ?? '';
    return `file:${out.startsWith('/') ? out : join(project, out)}`;
  };
  const core = tarball('core');
  const tools = tarball('tools');
  const spec = JSON.parse(readFileSync(join(root, 'packages/tools/node_modules/@standard-schema/spec/package.json'), 'utf8')) as { version: string };
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'no-zod', private: true, type: 'module', dependencies: { '@tandem/core': core, '@tandem/tools': tools, '@standard-schema/spec': spec.version } }),
  );
  writeFileSync(join(project, 'pnpm-workspace.yaml'), `packages: []\noverrides:\n  "@tandem/core": ${JSON.stringify(core)}\n`);
  writeFileSync(join(project, 'agent.mjs'), SCRIPT);
  run('npx', ['-y', 'pnpm@12.4.2', 'install', '--prefer-offline', '--config.confirmModulesPurge=false'], project);
});

afterAll(() => {
  if (project !== '') rmSync(project, { recursive: true, force: true });
});

it('imports and runs @tandem/tools with jsonSchema() and Standard Schema tools when zod is not installed', () => {
  expect(run('node', ['agent.mjs'], project).trim()).toBe('no zod ok');
});
