import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { modulesLoadedBy } from './modules-loaded-by.js';

const packageDir = new URL('../..', import.meta.url).pathname;

describe('modulesLoadedBy', () => {
  beforeAll(() => {
    if (!existsSync(join(packageDir, 'dist', 'index.js'))) throw new Error('Build @tandem/provider-utils first: this test imports dist/.');
  });

  it('lists what an import resolves: the main entry loads neither the test helpers nor fast-check', () => {
    const loaded = modulesLoadedBy(packageDir, `const { AsyncEventQueue } = await import('@tandem/provider-utils'); new AsyncEventQueue().end();`);
    expect(loaded.some((url) => url.endsWith('/packages/provider-utils/dist/index.js'))).toBe(true);
    expect(loaded.some((url) => url.includes('/node_modules/eventsource-parser/'))).toBe(true);
    expect(loaded.filter((url) => url.includes('/dist/testing/') || url.includes('/node_modules/fast-check/'))).toEqual([]);
  });

  it('sees the modules loaded later, with the first use (fast-check loads when a fuzz test runs)', () => {
    const loaded = modulesLoadedBy(packageDir, `await import('@tandem/provider-utils/testing');`);
    expect(loaded.some((url) => url.endsWith('/packages/provider-utils/dist/testing/index.js'))).toBe(true);
    expect(loaded.filter((url) => url.includes('/node_modules/fast-check/'))).toEqual([]);
  });

  it('throws with the child’s stderr when the script fails', () => {
    expect(() => modulesLoadedBy(packageDir, `await import('@tandem/no-such-package');`)).toThrow(/The script failed in .*\n[\s\S]*@tandem\/no-such-package/);
  });
});
