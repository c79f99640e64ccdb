// Vitest global setup: bundles the child-process fixtures, and starts one throwaway PostgreSQL server for
// the whole run (its connection string reaches the tests through `inject('postgresUrl')`); stops it at the end.
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { APPEND_WORKER, CRASH_AGENT, IMPORT_PROBE, MISSING_DRIVERS_PROBE } from './fixture-paths.js';
import { startPostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const [source, outfile] of [
    ['./append-worker.ts', APPEND_WORKER],
    ['./crash-agent.ts', CRASH_AGENT],
    ['./import-probe.ts', IMPORT_PROBE],
    ['./missing-drivers-probe.ts', MISSING_DRIVERS_PROBE],
  ] as const) {
    await build({
      entryPoints: [new URL(source, import.meta.url).pathname],
      outfile,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
    });
  }
  const server = await startPostgres();
  process.stderr.write(`[sessions tests] PostgreSQL started in ${Math.round(server.startedInMs)} ms\n`);
  project.provide('postgresUrl', server.connectionString);
  return () => server.stop();
}
