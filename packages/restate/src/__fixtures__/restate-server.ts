// Vitest global setup: starts the real restate-server (startRestateServer of @tandem/restate/testing) once per
// test run, bundles the worker fixture, and stops the server at the end (also when setup fails). Its log goes
// to restate-server.log beside the worker bundle. Tests read the URLs with inject('restate').
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { startRestateServer, type LocalRestateServer } from '../testing/start-restate-server.js';
import { WORKER_BUNDLE } from './worker-paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    restate: { readonly ingress: string; readonly admin: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await mkdir(dirname(WORKER_BUNDLE), { recursive: true });
  await build({
    entryPoints: [new URL('./worker.ts', import.meta.url).pathname],
    outfile: WORKER_BUNDLE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });

  const log = createWriteStream(join(dirname(WORKER_BUNDLE), 'restate-server.log'));
  let server: LocalRestateServer;
  try {
    server = await startRestateServer({ output: log });
  } catch (error) {
    log.end();
    throw new Error(`${(error as Error).message} See ${String(log.path)}.`, { cause: error });
  }
  project.provide('restate', { ingress: server.ingress, admin: server.admin });
  return async () => {
    await server.stop();
    log.end();
  };
}
