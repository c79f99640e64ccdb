import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokedAs } from './invoked-as.js';

let base: string;
beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'tandem-invoked-')));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

function module(path: string): string {
  const file = join(base, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, '');
  return pathToFileURL(file).href;
}

describe('invokedAs', () => {
  const globalRoot = (): string => join(base, 'prefix', 'lib', 'node_modules');

  it('is "tandem" for a global install (on PATH)', () => {
    expect(invokedAs(module('prefix/lib/node_modules/@tandem/cli/dist/demo.js'), [globalRoot()])).toBe('tandem');
  });

  it('is "npx tandem" in a clone (the workspace bin) and in a project that installed the CLI', () => {
    expect(invokedAs(module('clone/apps/cli/dist/demo.js'), [globalRoot()])).toBe('npx tandem');
    expect(invokedAs(module('project/node_modules/@tandem/cli/dist/demo.js'), [globalRoot()])).toBe('npx tandem');
  });

  it('runs from this checkout as npx tandem', () => {
    expect(invokedAs()).toBe('npx tandem');
  });
});
