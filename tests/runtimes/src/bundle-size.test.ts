import { describe, expect, it } from 'vitest';
import { browserBundleSize, everyExport } from './harness/browser-bundle-size.js';

// A browser app that imports everything from @tandem/core and @tandem/tools (no tree-shaking help) stays small.
// A size is exact, so this is a budget, not a timing: the bench's browser-bundle target, 40 kB at start (today
// 39.9 kB), so the bundle cannot grow past it unnoticed. Raising it needs a reason in the changeset.
const BUDGET_KB = 40;

/** Code only the JSON Schema validator (`@cfworker/json-schema`) has: the mark its dereferencing puts on a schema. */
const VALIDATOR_MARK = /__absolute_uri__/;
/** Text only the code that writes summaries (`summarize()`) has: the summarizing model's default instructions. */
const SUMMARY_WRITER_MARK = /You compress conversations/;

describe('browser bundle size', () => {
  it(`every export of @tandem/core + @tandem/tools fits in ${BUDGET_KB} kB min+gzip at start (zod excluded); the JSON Schema validator and the summary writer are chunks of their own`, async () => {
    const size = await browserBundleSize(await everyExport(['@tandem/core', '@tandem/tools']));
    // It measured a real bundle: the agent and the tool runtime are in it.
    expect(size.start.minified).toBeGreaterThan(50_000);
    expect(size.start.gzip / 1000, `${(size.start.gzip / 1000).toFixed(1)} kB min+gzip (${(size.start.minified / 1000).toFixed(1)} kB minified)`).toBeLessThanOrEqual(BUDGET_KB);
    expect(size.start.code).not.toMatch(VALIDATOR_MARK);
    // jsonSchema() is exported, so the validator's chunk is reachable, on demand.
    expect(size.onDemand.filter((chunk) => VALIDATOR_MARK.test(chunk.code)).length).toBe(1);
    // summarize() is exported; what writes a summary loads when the first one is written.
    expect(size.start.code).not.toMatch(SUMMARY_WRITER_MARK);
    expect(size.onDemand.filter((chunk) => SUMMARY_WRITER_MARK.test(chunk.code)).length).toBe(1);
    // Each on-demand chunk imports nothing from the start chunk, so no shared chunk was split off it.
    expect(size.startFiles).toBe(1);
  });

  it('an app whose tools use zod never loads the JSON Schema validator', async () => {
    const size = await browserBundleSize("export { Agent, userMessage } from '@tandem/core'; export { tool } from '@tandem/tools'; export { stop } from '@tandem/stop';");
    expect(size.start.code).toContain('inputSchema');
    expect(size.start.code).not.toMatch(VALIDATOR_MARK);
    expect(size.onDemand).toEqual([]);
  });
});
