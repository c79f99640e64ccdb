import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Deprecated Node-only aliases of `@tandem/tools` (their home is `@tandem/tools/worker`); a browser app never imports them. */
const NODE_ONLY_ALIASES = new Set(['workerTool', 'terminateWorkerPools', 'WorkerToolError']);

/** An entry that re-exports every runtime export of the packages' main entries (types weigh nothing). */
export async function everyExport(packages: readonly string[]): Promise<string> {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const name of packages) {
    const module = (await import(name)) as Record<string, unknown>;
    const names = Object.keys(module).filter((key) => !seen.has(key) && !NODE_ONLY_ALIASES.has(key));
    for (const key of names) seen.add(key);
    lines.push(`export { ${names.join(', ')} } from '${name}';`);
  }
  return lines.join('\n');
}

/** Sizes of one chunk of a browser build, in bytes. */
export interface ChunkSize {
  readonly name: string;
  readonly minified: number;
  readonly gzip: number;
  /** The chunk's code, to check what is in it. */
  readonly code: string;
}

/** A browser build: what loads at start (the entry and its static imports, as one), and the chunks it can load on demand with `import()`. */
export interface BundleSize {
  readonly start: ChunkSize;
  /** How many files load at start (the entry, and any chunk split off it that it imports). */
  readonly startFiles: number;
  readonly onDemand: readonly ChunkSize[];
}

/**
 * The browser build a user's bundler makes of `source` — esbuild, ESM, browser conditions, code splitting (a
 * module loaded with `import()` gets its own chunk, as Vite, webpack and Rollup do), minified, then gzip -9,
 * zod left out (the app brings it) — as the bench's browser-bundle workload measures it. Only chunks the entry
 * can reach are counted: esbuild also writes one for an `import()` in code it dropped.
 */
export async function browserBundleSize(source: string): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: source, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'js', sourcefile: 'app.js' },
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
  const base = (path: string): string => path.split('/').at(-1) ?? path;
  const closure = (follows: (kind: string) => boolean): Set<string> => {
    const found = new Set(['app.js']);
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
  // At start: the entry and the chunks it imports statically. On demand: what an import() on the way reaches.
  const atStart = closure((kind) => kind === 'import-statement');
  const reachable = closure(() => true);
  const chunks = result.outputFiles
    .filter((file) => reachable.has(base(file.path)))
    .map((file) => ({ name: base(file.path), minified: file.contents.byteLength, gzip: gzipSync(file.contents, { level: 9 }).byteLength, code: file.text }));
  const startChunks = chunks.filter((chunk) => atStart.has(chunk.name));
  if (!startChunks.some((chunk) => chunk.name === 'app.js')) throw new Error('esbuild wrote no app.js entry chunk');
  const start: ChunkSize = {
    name: 'app.js',
    minified: startChunks.reduce((sum, chunk) => sum + chunk.minified, 0),
    gzip: startChunks.reduce((sum, chunk) => sum + chunk.gzip, 0),
    code: startChunks.map((chunk) => chunk.code).join('\n'),
  };
  return { start, startFiles: startChunks.length, onDemand: chunks.filter((chunk) => !atStart.has(chunk.name)) };
}
