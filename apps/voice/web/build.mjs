// Builds the page into dist/web: the app bundle, the two AudioWorklet modules, index.html and styles.css.
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Builds the page into `outdir` (default `dist/web` of the app). */
export async function buildWeb(outdir = path.join(here, '..', 'dist', 'web')) {
  await mkdir(outdir, { recursive: true });
  await build({
    entryPoints: {
      app: path.join(here, 'src', 'main.ts'),
      'capture-processor': path.join(here, 'worklets', 'capture-processor.ts'),
      'playback-processor': path.join(here, 'worklets', 'playback-processor.ts'),
    },
    outdir,
    bundle: true,
    format: 'esm',
    target: ['chrome111', 'firefox115', 'safari16.4'],
    logLevel: 'warning',
  });
  await copyFile(path.join(here, 'index.html'), path.join(outdir, 'index.html'));
  await copyFile(path.join(here, 'styles.css'), path.join(outdir, 'styles.css'));
  return outdir;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildWeb();
}
