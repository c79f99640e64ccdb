import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

/**
 * Options of {@link startRestateServer}.
 *
 * @category Testing
 */
export interface StartRestateServerOptions {
  /** The server's node name (default `'tandem-test'`). */
  readonly nodeName?: string;
  /** Where the server's stdout and stderr go (default: discarded). The server writes plain text, no ANSI codes. */
  readonly output?: NodeJS.WritableStream;
  /** How long to wait for the server to answer its health checks (default 30 s). */
  readonly startTimeoutMs?: number;
  /** Aborting it while the server starts stops the server and rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/**
 * A running restate-server: its URLs, and `stop()` (also `await using`).
 *
 * @category Testing
 */
export interface LocalRestateServer extends AsyncDisposable {
  /** The ingress URL, e.g. `http://127.0.0.1:41231`: call handlers at `${ingress}/<service>/<handler>`. */
  readonly ingress: string;
  /** The admin API URL, e.g. `http://127.0.0.1:41232`. */
  readonly admin: string;
  /** Registers (or re-registers, `force: true`) the deployment serving at `uri` with the admin API. */
  register(uri: string): Promise<void>;
  /** Stops the server (SIGTERM, SIGKILL after 10 s) and deletes its directory. Safe to call twice. */
  stop(): Promise<void>;
}

const HEALTH_POLL_MS = 50;

/**
 * Starts a real restate-server for tests and benchmarks: the binary of the `@restatedev/restate-server`
 * npm package (install it as a dev dependency), on 127.0.0.1 only, on free ports, in a throwaway directory,
 * telemetry and web UI off. Resolves once its ingress and admin API answer their health checks. Always
 * `stop()` it (in `afterAll` or a vitest global setup's teardown).
 *
 * @example
 * ```ts
 * import * as restate from '@restatedev/restate-sdk';
 * import { startRestateServer } from '@tandem/restate/testing';
 *
 * const server = await startRestateServer();
 * try {
 *   const port = await restate.serve({ services: [myAgent], port: 0 });
 *   await server.register(`http://127.0.0.1:${port}`);
 *   const response = await fetch(`${server.ingress}/assistant/run`, { method: 'POST', body: JSON.stringify({ input: 'Hi' }) });
 * } finally {
 *   await server.stop();
 * }
 * ```
 *
 * @category Testing
 */
export async function startRestateServer(options: StartRestateServerOptions = {}): Promise<LocalRestateServer> {
  options.signal?.throwIfAborted();
  const baseDir = await mkdtemp(join(tmpdir(), 'tandem-restate-'));
  const [ingressPort, adminPort, fabricPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(serverBinary(), ['--base-dir', baseDir, '--node-name', options.nodeName ?? 'tandem-test', '--no-logo'], {
    stdio: ['ignore', options.output === undefined ? 'ignore' : 'pipe', options.output === undefined ? 'ignore' : 'pipe'],
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
  if (options.output !== undefined) {
    child.stdout?.pipe(options.output, { end: false });
    child.stderr?.pipe(options.output, { end: false });
  }
  const ingress = `http://127.0.0.1:${ingressPort}`;
  const admin = `http://127.0.0.1:${adminPort}`;
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= stopProcess(child).then(() => rm(baseDir, { recursive: true, force: true }));
    return stopped;
  };
  try {
    await waitUntilHealthy(child, ingress, admin, options.startTimeoutMs ?? 30_000, options.signal);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    ingress,
    admin,
    async register(uri) {
      const response = await fetch(`${admin}/deployments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uri, force: true }) });
      if (!response.ok) throw new Error(`Registering the deployment at ${uri} with restate-server failed: ${response.status} ${await response.text()}`);
    },
    stop,
    [Symbol.asyncDispose]: stop,
  };
}

/** The restate-server binary that the npm package ships for this platform. */
function serverBinary(): string {
  const require = createRequire(import.meta.url);
  let pkg: string;
  try {
    pkg = require.resolve('@restatedev/restate-server/package.json');
  } catch (error) {
    throw new Error('startRestateServer needs the restate-server binary: add @restatedev/restate-server to your devDependencies.', { cause: error });
  }
  return createRequire(pkg).resolve(`@restatedev/restate-server-${platform()}-${arch()}/bin/restate-server`);
}

async function waitUntilHealthy(child: ChildProcess, ingress: string, admin: string, timeoutMs: number, signal: AbortSignal | undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`restate-server exited (${String(child.exitCode ?? child.signalCode)}) before it was healthy.`);
    const healthy = await Promise.all([fetch(`${admin}/health`, { signal }), fetch(`${ingress}/restate/health`, { signal })]).then(
      (responses) => responses.every((response) => response.ok),
      () => false,
    );
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`restate-server did not become healthy within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
