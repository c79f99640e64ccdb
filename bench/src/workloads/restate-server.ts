import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';

/** A restate-server (from the `@restatedev/restate-server` npm package) on loopback, in a throwaway directory. */
export interface LocalRestate {
  readonly ingress: string;
  readonly admin: string;
  /** Registers the deployment at `uri`. */
  register(uri: string): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

function binary(): string {
  const pkg = createRequire(import.meta.url).resolve('@restatedev/restate-server/package.json');
  return createRequire(pkg).resolve(`@restatedev/restate-server-${platform()}-${arch()}/bin/restate-server`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the server (telemetry off, TCP on 127.0.0.1 only) and waits until ingress and admin answer. */
export async function startRestate(): Promise<LocalRestate> {
  const baseDir = await mkdtemp(join(tmpdir(), 'tandem-bench-restate-'));
  const [ingressPort, adminPort, fabricPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(binary(), ['--base-dir', baseDir, '--node-name', 'bench', '--no-logo'], {
    stdio: 'ignore',
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
    },
  });
  const ingress = `http://127.0.0.1:${ingressPort}`;
  const admin = `http://127.0.0.1:${adminPort}`;
  const stop = async (): Promise<void> => {
    await stopProcess(child);
    await rm(baseDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`restate-server exited with ${child.exitCode}`);
      const ok = await Promise.all([fetch(`${admin}/health`), fetch(`${ingress}/restate/health`)]).then(
        (responses) => responses.every((r) => r.ok),
        () => false,
      );
      if (ok) break;
      if (i > 600) throw new Error('restate-server did not become healthy within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    ingress,
    admin,
    async register(uri) {
      const response = await fetch(`${admin}/deployments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uri, force: true }) });
      if (!response.ok) throw new Error(`registering ${uri}: ${response.status} ${await response.text()}`);
    },
    stop,
  };
}
