import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import type { Metric } from '../results.js';
import { summarize } from '../stats.js';
import { BENCH_DIR } from '../paths.js';

/** Deprecated aliases kept in `@tandem/tools` for Node users (`workerTool` moved to `@tandem/tools/worker`). */
const NODE_ONLY_ALIASES = new Set(['workerTool', 'terminateWorkerPools', 'WorkerToolError']);

interface BundleSpec {
  readonly name: string;
  readonly packages: readonly string[];
  /** Leave out the deprecated Node-only aliases (a browser app never imports them). */
  readonly browserExports: boolean;
}

/** The bundles measured: every export of each package (no tree-shaking help from the app), and a minimal agent. */
const BUNDLES: readonly BundleSpec[] = [
  { name: '@tandem/core', packages: ['@tandem/core'], browserExports: true },
  { name: '@tandem/core + @tandem/tools', packages: ['@tandem/core', '@tandem/tools'], browserExports: true },
  { name: '@tandem/core + @tandem/tools + @tandem/stop', packages: ['@tandem/core', '@tandem/tools', '@tandem/stop'], browserExports: true },
  { name: '@tandem/core + @tandem/tools, with its deprecated Node-only aliases', packages: ['@tandem/core', '@tandem/tools'], browserExports: false },
];

/** An entry re-exporting every runtime export of the packages (types have no size). */
async function entrySource(spec: BundleSpec): Promise<string> {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const name of spec.packages) {
    const module = (await import(name)) as Record<string, unknown>;
    const names = Object.keys(module).filter((key) => !seen.has(key) && !(spec.browserExports && NODE_ONLY_ALIASES.has(key)));
    for (const key of names) seen.add(key);
    lines.push(`export { ${names.join(', ')} } from '${name}';`);
  }
  return lines.join('\n');
}

const MINIMAL_AGENT = "export { Agent, userMessage } from '@tandem/core'; export { tool } from '@tandem/tools'; export { stop } from '@tandem/stop';";

/** The browser build a user's bundler makes: ESM, browser conditions, minified; zod is the app's, not counted. */
async function bundledBytes(source: string): Promise<{ min: number; gzip: number }> {
  const result = await build({
    stdin: { contents: source, resolveDir: BENCH_DIR, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    external: ['zod', 'zod/*'],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  const text = new TextDecoder().decode(code);
  const nodeImport = /\b(?:from\s*|import\s*\(?)\s*["'`]node:[a-z_/]+/.exec(text);
  if (nodeImport !== null) throw new Error(`the browser bundle imports a Node built-in: ${nodeImport[0]}`);
  return { min: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

/**
 * Workload 15: the size of the browser build of the portable packages (esbuild, minified, then gzip -9), zod
 * excluded. Target: core + tools ≤ 40 kB min+gzip. Sizes are exact, so quick mode measures them too.
 */
export async function browserBundle(): Promise<Metric[]> {
  const section = '15. Browser bundle size';
  const metrics: Metric[] = [];
  const bundles = [
    ...(await Promise.all(BUNDLES.map(async (spec) => ({ name: spec.name, source: await entrySource(spec) })))),
    { name: 'a minimal agent (Agent, userMessage, tool, stop)', source: MINIMAL_AGENT },
  ];
  for (const bundle of bundles) {
    const bytes = await bundledBytes(bundle.source);
    metrics.push({
      section,
      name: `${bundle.name}: min+gzip`,
      unit: 'kB',
      better: 'lower',
      digits: 1,
      ratios: false,
      cells: new Map([['tandem', { kind: 'value', summary: summarize([bytes.gzip / 1000]), note: `${(bytes.min / 1000).toFixed(1)} kB minified` }]]),
    });
  }
  return metrics;
}
