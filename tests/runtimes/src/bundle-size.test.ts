import { describe, expect, it } from 'vitest';
import { browserBundleSize } from './harness/browser-bundle-size.js';

// A browser app that imports everything from @tandem/core and @tandem/tools (no tree-shaking help) stays small.
// A size is exact, so this is a budget, not a timing. The goal is 40 kB (the bench's browser-bundle target); this
// budget is a ratchet at today's size (47.2 kB) so the bundle cannot grow unnoticed: lower it as it shrinks, and
// raising it needs a reason in the changeset.
const BUDGET_KB = 48;

describe('browser bundle size', () => {
  it(`every export of @tandem/core + @tandem/tools fits in ${BUDGET_KB} kB min+gzip (zod excluded)`, async () => {
    const size = await browserBundleSize(['@tandem/core', '@tandem/tools']);
    // It measured a real bundle: the agent and the tool runtime are in it.
    expect(size.minified).toBeGreaterThan(50_000);
    expect(size.gzip / 1000, `${(size.gzip / 1000).toFixed(1)} kB min+gzip (${(size.minified / 1000).toFixed(1)} kB minified)`).toBeLessThanOrEqual(BUDGET_KB);
  });
});
