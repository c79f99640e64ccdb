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

/** What a browser build holds: the chunks loaded at start (summed), and the chunks loaded on demand (`import()`). */
interface BundleBytes {
  readonly min: number;
  readonly gzip: number;
  readonly lazy: readonly { readonly name: string; readonly min: number; readonly gzip: number }[];
}

/**
 * The browser build a user's bundler makes: ESM, browser conditions, minified, code splitting on (so a module
 * the packages load with `import()` gets a chunk of its own, as Vite, webpack and Rollup do); zod is the app's,
 * not counted.
 */
async function bundledBytes(source: string): Promise<BundleBytes> {
  const result = await build({
    stdin: { contents: source, resolveDir: BENCH_DIR, loader: 'js', sourcefile: 'app.js' },
    bundle: true,
    write: false,
    splitting: true,
    outdir: 'out',
    entryNames: 'app',
    chunkNames: '[name]',
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    external: ['zod', 'zod/*'],
    metafile: true,
    logLevel: 'silent',
  });
  // esbuild writes a chunk for every `import()` in the files it read; only those the entry can reach load: at
  // start, the entry and what it imports statically; on demand, what an `import()` on the way reaches.
  const base = (path: string): string => path.split('/').at(-1) ?? path;
  const closure = (from: readonly string[], follows: (kind: string) => boolean): Set<string> => {
    const found = new Set(from);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [path, output] of Object.entries(result.metafile.outputs)) {
        if (!found.has(base(path))) continue;
        for (const imported of output.imports) {
          if (!follows(imported.kind) || found.has(base(imported.path))) continue;
          found.add(base(imported.path));
          grew = true;
        }
      }
    }
    return found;
  };
  const atStart = closure(['app.js'], (kind) => kind === 'import-statement');
  const reachable = closure(['app.js'], () => true);
  const chunks = result.outputFiles
    .filter((file) => reachable.has(base(file.path)))
    .map((file) => {
      const text = new TextDecoder().decode(file.contents);
      const nodeImport = /\b(?:from\s*|import\s*\(?)\s*["'`]node:[a-z_/]+/.exec(text);
      if (nodeImport !== null) throw new Error(`the browser bundle imports a Node built-in: ${nodeImport[0]}`);
      return { name: base(file.path), min: file.contents.byteLength, gzip: gzipSync(file.contents, { level: 9 }).byteLength };
    });
  if (!chunks.some((chunk) => chunk.name === 'app.js')) throw new Error('esbuild wrote no app.js entry chunk');
  const start = chunks.filter((chunk) => atStart.has(chunk.name));
  return {
    min: start.reduce((sum, chunk) => sum + chunk.min, 0),
    gzip: start.reduce((sum, chunk) => sum + chunk.gzip, 0),
    lazy: chunks.filter((chunk) => !atStart.has(chunk.name)),
  };
}

/**
 * Workload 15: the size of the browser build of the portable packages (esbuild, minified, then gzip -9), zod
 * excluded: what an app loads at start, and apart from it what loads on demand (the JSON Schema validator,
 * which the first `jsonSchema()` imports, and the code that writes `summarize()`'s summaries). Target: core + tools ≤ 40 kB min+gzip at start. Sizes are exact,
 * so quick mode measures them too.
 */
export async function browserBundle(): Promise<Metric[]> {
  const section = '15. Browser bundle size';
  const metrics: Metric[] = [];
  const bundles = [
    ...(await Promise.all(BUNDLES.map(async (spec) => ({ name: spec.name, source: await entrySource(spec) })))),
    { name: 'a minimal agent (Agent, userMessage, tool, stop)', source: MINIMAL_AGENT },
  ];
  const row = (name: string, bytes: { min: number; gzip: number }, note: string): Metric => ({
    section,
    name: `${name}: min+gzip`,
    unit: 'kB',
    better: 'lower',
    digits: 1,
    ratios: false,
    cells: new Map([['tandem', { kind: 'value', summary: summarize([bytes.gzip / 1000]), note: `${(bytes.min / 1000).toFixed(1)} kB minified${note}` }]]),
  });
  let validator: BundleBytes['lazy'][number] | undefined;
  let summaryWriter: BundleBytes['lazy'][number] | undefined;
  for (const bundle of bundles) {
    const bytes = await bundledBytes(bundle.source);
    const lazy = bytes.lazy.reduce((sum, chunk) => sum + chunk.gzip, 0);
    metrics.push(row(bundle.name, bytes, lazy === 0 ? '' : `; loaded at start (+${(lazy / 1000).toFixed(1)} kB on demand)`));
    validator ??= bytes.lazy.find((chunk) => chunk.name.startsWith('json-schema-compile'));
    summaryWriter ??= bytes.lazy.find((chunk) => chunk.name.startsWith('write-summary'));
  }
  if (validator !== undefined) {
    metrics.push(row("@tandem/tools' JSON Schema validator (@cfworker/json-schema), loaded by the first jsonSchema()", validator, '; a chunk of its own'));
  }
  if (summaryWriter !== undefined) {
    metrics.push(row("@tandem/core's summary writer, loaded when summarize() writes its first summary", summaryWriter, '; a chunk of its own'));
  }
  return metrics;
}
