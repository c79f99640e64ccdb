// Vitest global setup: bundles the stdio server fixture (our TypeScript sources, dependencies external) into
// node_modules/.cache so a plain `node` child process can run it. Nothing is fetched.
import { build } from 'esbuild';
import { SERVE_STDIO_FIXTURE, TOKEN_WRITER_FIXTURE } from './fixture-paths.js';

export default async function setup(): Promise<void> {
  await build({
    entryPoints: [new URL('./serve-stdio-server.ts', import.meta.url).pathname],
    outfile: SERVE_STDIO_FIXTURE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });
  await build({
    entryPoints: [new URL('./token-writer.ts', import.meta.url).pathname],
    outfile: TOKEN_WRITER_FIXTURE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });
}
