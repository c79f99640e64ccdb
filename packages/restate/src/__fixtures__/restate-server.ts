// Vitest global setup: starts the real restate-server from the @restatedev/restate-server npm package once per
// test run — loopback only, free ports, a throwaway base directory, telemetry off — bundles the worker fixture,
// and stops the server at the end (also when setup fails). Tests read the URLs with inject('restate').
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.js';
import { poll } from './poll.js';
import { WORKER_BUNDLE } from './worker-paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    restate: { readonly ingress: string; readonly admin: string };
  }
}

/** The restate-server binary the npm package ships for this platform. */
function serverBinary(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('@restatedev/restate-server/package.json');
  return createRequire(pkg).resolve(`@restatedev/restate-server-${platform()}-${arch()}/bin/restate-server`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
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

  const baseDir = await mkdtemp(join(tmpdir(), 'tandem-restate-'));
  const [ingressPort, adminPort, fabricPort] = [await freePort(), await freePort(), await freePort()];
  const log = createWriteStream(join(dirname(WORKER_BUNDLE), 'restate-server.log'));
  const server = spawn(serverBinary(), ['--base-dir', baseDir, '--node-name', 'tandem-test', '--no-logo'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: baseDir,
      DO_NOT_TRACK: '1',
      RESTATE_DISABLE_TELEMETRY: 'true',
      RESTATE_LISTEN_MODE: 'tcp',
      RESTATE_BIND_IP: '127.0.0.1',
      RESTATE_BIND_PORT: String(fabricPort),
      RESTATE_INGRESS__BIND_PORT: String(ingressPort),
      RESTATE_ADMIN__BIND_PORT: String(adminPort),
      RESTATE_ADMIN__DISABLE_WEB_UI: 'true',
      RESTATE_DEFAULT_NUM_PARTITIONS: '4',
      RESTATE_ROCKSDB_TOTAL_MEMORY_SIZE: '256 MiB',
      RESTATE_LOG_DISABLE_ANSI_CODES: 'true',
    },
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const stopAll = async (): Promise<void> => {
    await stop(server);
    log.end();
    await rm(baseDir, { recursive: true, force: true });
  };

  const admin = `http://127.0.0.1:${adminPort}`;
  const ingress = `http://127.0.0.1:${ingressPort}`;
  try {
    const exited = new Promise<never>((_, reject) => server.once('exit', (code) => reject(new Error(`restate-server exited (${String(code)}); see ${String(log.path)}`))));
    exited.catch(() => undefined);
    await Promise.race([
      exited,
      poll('restate-server to be healthy', async () => {
        const [a, i] = await Promise.all([fetch(`${admin}/health`), fetch(`${ingress}/restate/health`)]);
        return a.ok && i.ok ? true : undefined;
      }, 600, 50),
    ]);
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide('restate', { ingress, admin });
  return stopAll;
}
