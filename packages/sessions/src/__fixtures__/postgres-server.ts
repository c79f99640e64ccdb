// A throwaway PostgreSQL cluster for the tests: Debian's initdb/pg_ctl, run as the `postgres` user when the
// tests run as root (initdb refuses root), in a temp dir, on a free loopback port with its unix socket in
// the same dir. `stop()` shuts it down at once and removes everything. Never a mock.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PostgresServer {
  readonly connectionString: string;
  readonly startedInMs: number;
  stop(): Promise<void>;
}

function findBinDir(): string {
  const fromEnv = process.env.TANDEM_PG_BIN;
  if (fromEnv !== undefined && existsSync(join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] === undefined) {
    throw new Error(
      'PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin. Run `bash scripts/ensure-system-deps.sh` (installs Debian\'s postgresql), or set TANDEM_PG_BIN.',
    );
  }
  return join(root, versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The command line to run `command` as the `postgres` user when we are root, else as ourselves. */
function asPostgres(command: string, args: readonly string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, [...args]];
}

export async function startPostgres(): Promise<PostgresServer> {
  const started = performance.now();
  const bin = findBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'tandem-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const pgCtl = join(bin, 'pg_ctl');
  let running = false;
  const stopNow = (): void => {
    if (running) {
      const [command, args] = asPostgres(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      try {
        execFileSync(command, args, { stdio: 'ignore' });
      } catch {
        // Already gone.
      }
      running = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // Safety net: a test process that exits without teardown still stops the server.
  process.once('exit', stopNow);
  try {
    const [initCommand, initArgs] = asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await run(initCommand, initArgs);
    const port = await freePort();
    const settings = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    const [startCommand, startArgs] = asPostgres(pgCtl, ['-D', data, '-l', log, '-w', '-t', '60', '-o', settings, 'start']);
    running = true;
    await run(startCommand, startArgs);
    return {
      connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres`,
      startedInMs: performance.now() - started,
      async stop() {
        process.removeListener('exit', stopNow);
        stopNow();
      },
    };
  } catch (error) {
    const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-20).join('\n') : '';
    process.removeListener('exit', stopNow);
    stopNow();
    throw new Error(`Could not start a throwaway PostgreSQL: ${error instanceof Error ? error.message : String(error)}\n${tail}`, { cause: error });
  }
}
