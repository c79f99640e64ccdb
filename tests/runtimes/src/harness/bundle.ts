import { build, type Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The program's entries, one per kind of runtime. */
export const ENTRIES = {
  cli: fileURLToPath(new URL('../program/deno-bun-entry.ts', import.meta.url)),
  worker: fileURLToPath(new URL('../program/worker-entry.ts', import.meta.url)),
  browser: fileURLToPath(new URL('../program/browser-entry.ts', import.meta.url)),
} as const;

export type EntryKind = keyof typeof ENTRIES;

export interface BundleOptions {
  readonly entry: EntryKind;
  readonly outfile: string;
  /** The self-test: `@tandem/core`'s main entry gains `import 'node:fs'`, as a careless change would add. */
  readonly injectNodeImportIntoCore?: boolean;
}

/**
 * Bundles the program as a user would for a browser or a Worker: ESM, browser conditions, minified. For the
 * browser, code splitting is on, as Vite, webpack and Rollup do: a module the packages load with `import()`
 * (the JSON Schema validator) becomes a chunk beside `outfile`, which the page fetches when it is needed. `node:*`
 * imports stay external instead of failing the build, so a Node import that sneaks into a portable package
 * reaches the runtime, where workerd and browsers refuse it (the self-test relies on that).
 */
export async function bundleProgram(options: BundleOptions): Promise<void> {
  await build({
    entryPoints: [ENTRIES[options.entry]],
    ...(options.entry === 'browser'
      ? { splitting: true, outdir: dirname(options.outfile), entryNames: basename(options.outfile, '.js'), chunkNames: '[name]-[hash]' }
      : { outfile: options.outfile }),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    external: ['node:*'],
    logLevel: 'silent',
    plugins: options.injectNodeImportIntoCore === true ? [injectNodeImport()] : [],
  });
}

function injectNodeImport(): Plugin {
  return {
    name: 'inject-node-import-into-core',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /[\\/]packages[\\/]core[\\/]dist[\\/]index\.js$/ }, async (args) => ({
        contents: `import { readFileSync as __probe } from 'node:fs';\nglobalThis.__tandemProbe = __probe;\n${await readFile(args.path, 'utf8')}`,
        loader: 'js',
      }));
    },
  };
}
