// vitest globalSetup: a throwaway Verdaccio registry on loopback for the release test — its own temp
// directory for storage, config and users, no uplink (it serves only what the test publishes), stopped at
// the end of the run, also when a test fails.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    registry: { url: string; token: string };
  }
}

const CONFIG = `storage: ./storage
auth:
  htpasswd:
    file: ./htpasswd
    max_users: 1
uplinks: {}
packages:
  '**':
    access: $all
    publish: $authenticated
    unpublish: $authenticated
web:
  enable: false
max_body_size: 200mb
log: { type: stdout, format: json, level: error }
`;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-verdaccio-'));
  writeFileSync(join(dir, 'config.yaml'), CONFIG);
  const child = spawn(process.execPath, [join(import.meta.dirname, 'verdaccio-server.mjs'), join(dir, 'config.yaml')], {
    cwd: dir,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const teardown = async (): Promise<void> => {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const url = await firstLine(child);
    project.provide('registry', { url, token: await addUser(url) });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error('Verdaccio did not start within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`Verdaccio exited with code ${code} before listening`)));
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
  });
}

/** Registers the publishing user the way `npm adduser` does and returns its token. */
async function addUser(url: string): Promise<string> {
  const name = 'tandem-release-test';
  const response = await fetch(new URL(`-/user/org.couchdb.user:${name}`, url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: `pw-${process.pid}-${Date.now()}` }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || typeof body.token !== 'string') throw new Error(`Verdaccio refused the test user: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
