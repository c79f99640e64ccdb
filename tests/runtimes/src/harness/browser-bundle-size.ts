import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Deprecated Node-only aliases of `@tandem/tools` (their home is `@tandem/tools/worker`); a browser app never imports them. */
const NODE_ONLY_ALIASES = new Set(['workerTool', 'terminateWorkerPools', 'WorkerToolError']);

/** An entry that re-exports every runtime export of the packages' main entries (types weigh nothing). */
async function everyExport(packages: readonly string[]): Promise<string> {
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

/** Sizes of a browser build, in bytes. */
export interface BundleSize {
  readonly minified: number;
  readonly gzip: number;
}

/**
 * The browser build a user's bundler makes of every export of `packages` — esbuild, ESM, browser conditions,
 * minified, then gzip -9, zod left out (the app brings it) — as the bench's browser-bundle workload measures it.
 */
export async function browserBundleSize(packages: readonly string[]): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: await everyExport(packages), resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'js' },
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
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}
