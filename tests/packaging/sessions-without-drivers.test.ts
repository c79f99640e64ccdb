// @tandem/sessions installed as a user who stores sessions elsewhere would: core and sessions only, without
// its optional peers better-sqlite3 and pg (no native module anywhere). The package imports, and each store
// says which package to install.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const PNPM = ['-y', 'pnpm@12.4.2'];
let project = '';

function run(command: string, args: string[], cwd: string, extraEnv: Record<string, string> = {}): string {
  // Without NODE_PATH: the workspace's bin shims set it to its hoisted node_modules, where the drivers are.
  const { NODE_PATH: _workspaceModules, ...env } = process.env;
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, CI: 'true', ...extraEnv } });
}

let postgresOnly = '';

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'tandem-sessions-only-'));
  const tarballs = Object.fromEntries(
    ['core', 'sessions'].map((name) => {
      const out = run('npx', [...PNPM, 'pack', '--pack-destination', join(project, 'tarballs')], join(root, 'packages', name)).trim().split('\n').at(-1) ?? '';
      return [`@tandem/${name}`, `file:${out.startsWith('/') ? out : join(project, 'tarballs', out)}`];
    }),
  );
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'sessions-only', private: true, type: 'module', dependencies: tarballs }, null, 2));
  const overrides = Object.entries(tarballs).map(([name, spec]) => `  ${JSON.stringify(name)}: ${JSON.stringify(spec)}`).join('\n');
  writeFileSync(join(project, 'pnpm-workspace.yaml'), `packages: []\nautoInstallPeers: false\nstrictPeerDependencies: false\noverrides:\n${overrides}\n`);
  run('npx', [...PNPM, 'install', '--prefer-offline', '--config.confirmModulesPurge=false'], project);
  // A Postgres-only app on a machine without a C++ compiler: core, sessions and pg install (pg is plain JavaScript).
  postgresOnly = mkdtempSync(join(tmpdir(), 'tandem-sessions-pg-'));
  const sessionsManifest = JSON.parse(readFileSync(join(root, 'packages/sessions/package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  writeFileSync(
    join(postgresOnly, 'package.json'),
    JSON.stringify({ name: 'postgres-only', private: true, type: 'module', dependencies: { ...tarballs, pg: sessionsManifest.devDependencies['pg'] } }, null, 2),
  );
  writeFileSync(join(postgresOnly, 'pnpm-workspace.yaml'), `packages: []\nautoInstallPeers: false\nstrictPeerDependencies: false\noverrides:\n${overrides}\n`);
  run('npx', [...PNPM, 'install', '--prefer-offline', '--config.confirmModulesPurge=false'], postgresOnly, { CC: 'false', CXX: 'false' });
});

afterAll(() => {
  if (project !== '') rmSync(project, { recursive: true, force: true });
  if (postgresOnly !== '') rmSync(postgresOnly, { recursive: true, force: true });
});

it('installs with pg and no C++ compiler (CC=false, CXX=false), and its PostgreSQL store loads the driver', () => {
  expect(existsSync(join(postgresOnly, 'node_modules/.pnpm/node_modules/better-sqlite3'))).toBe(false);
  const script = `
    import { postgresSessionStore } from '@tandem/sessions';
    const store = postgresSessionStore({ connectionString: 'postgresql://nobody@127.0.0.1:1/none', connectTimeoutMs: 5000 });
    const outcome = await store.list().then(() => 'listed', (error) => error.name + ': ' + error.message);
    await store.close();
    console.log(JSON.stringify(outcome));`;
  const outcome = JSON.parse(run('node', ['--input-type=module', '-e', script], postgresOnly)) as string;
  // The driver loaded and tried to connect (nothing listens on port 1): a connection error, not a missing driver.
  expect(outcome).not.toMatch(/SessionDriverMissingError/);
  expect(outcome).toMatch(/ECONNREFUSED|connect/i);
});

it('installs without better-sqlite3 or pg; imports every subpath; each store throws SessionDriverMissingError naming its package', () => {
  expect(existsSync(join(project, 'node_modules/.pnpm/node_modules/better-sqlite3'))).toBe(false);
  expect(existsSync(join(project, 'node_modules/.pnpm/node_modules/pg'))).toBe(false);
  const script = `
    import * as all from '@tandem/sessions';
    import '@tandem/sessions/sqlite';
    import '@tandem/sessions/postgres';
    import '@tandem/sessions/testing';
    const report = {};
    try { all.sqliteSessionStore({ path: ':memory:' }); report.sqlite = 'opened'; } catch (error) { report.sqlite = [error.name, error.packageName, error.message]; }
    const postgres = all.postgresSessionStore({ connectionString: 'postgresql://nobody@127.0.0.1:1/none' });
    report.postgres = await postgres.list().then(() => 'listed', (error) => [error.name, error.packageName, error.message]);
    console.log(JSON.stringify(report));`;
  const output = run('node', ['--input-type=module', '-e', script], project);
  const report = JSON.parse(output) as Record<string, [string, string, string]>;
  expect(report['sqlite']?.slice(0, 2)).toEqual(['SessionDriverMissingError', 'better-sqlite3']);
  expect(report['sqlite']?.[2]).toContain('npm install better-sqlite3');
  expect(report['postgres']?.slice(0, 2)).toEqual(['SessionDriverMissingError', 'pg']);
  expect(report['postgres']?.[2]).toContain('npm install pg');
});
