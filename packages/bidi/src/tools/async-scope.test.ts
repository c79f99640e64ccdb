import { afterEach, describe, expect, it, vi } from 'vitest';
import { asyncScope } from './async-scope.js';

describe('asyncScope()', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows async work where AsyncLocalStorage exists (Node, Deno, Bun)', async () => {
    const scope = asyncScope<string>();
    const seen = await scope.run('group-1', async () => {
      await Promise.resolve();
      return scope.getStore();
    });
    expect(seen).toBe('group-1');
    expect(scope.getStore()).toBeUndefined();
  });

  it('without it (browsers, workerd) holds the value for the synchronous part only, and restores the outer one', () => {
    vi.stubGlobal('process', undefined);
    const scope = asyncScope<string>();
    const inner = scope.run('outer', () => [scope.getStore(), scope.run('inner', () => scope.getStore()), scope.getStore()]);
    expect(inner).toEqual(['outer', 'inner', 'outer']);
    expect(scope.getStore()).toBeUndefined();
  });
});
