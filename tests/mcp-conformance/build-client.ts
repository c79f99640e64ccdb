// Vitest global setup: bundles client.ts (dependencies external, so @tandem/mcp is the built package) into
// node_modules/.cache, where the project's Node runs it as the conformance suite's client under test.
import { build } from 'esbuild';
import { CLIENT_BUNDLE } from './paths.js';

export default async function setup(): Promise<void> {
  await build({
    entryPoints: [new URL('./client.ts', import.meta.url).pathname],
    outfile: CLIENT_BUNDLE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });
}
