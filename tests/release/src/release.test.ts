// The release flow end to end, against a real (local, throwaway) npm registry: in a copy of the workspace,
// `changeset version` then `changeset publish` of every published package — the steps of `pnpm run release`
// after its build, which the run that started this test already did — then, in an empty folder outside the
// workspace, `npm install` of the packages a new user starts with, a tiny agent, and the CLI's demo.
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AGENT_SCRIPT, MCP_SERVER_SCRIPT } from './consumer-files.js';
import { copyWorkspace, pnpmBinDir, publishedPackages, readManifest, ROOT, run, type Manifest } from './workspace.js';

const { url: registry, token } = inject('registry');
const packages = publishedPackages();
const names = packages.map(({ manifest }) => manifest.name);
const has = (name: string): boolean => names.includes(name);

let scratch = '';
let copy = '';
let env: NodeJS.ProcessEnv = {};
const before = new Map<string, Manifest>();
const after = new Map<string, Manifest>();
/** Bump type each package's pending changesets ask for (the highest). */
const requested = new Map<string, string>();

/** The environment of a user's shell: none of the npm_* variables the test runner's pnpm sets. */
function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm|pnpm)_/i.test(key)));
  return { ...base, CI: 'true', NO_UPDATE_NOTIFIER: '1', ...extra };
}

function readChangesets(dir: string): void {
  const order = ['patch', 'minor', 'major'];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md')) {
    const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(dir, file), 'utf8'))?.[1] ?? '';
    for (const line of front.split('\n')) {
      const match = /^\s*["']?([^"':]+)["']?\s*:\s*(patch|minor|major)\s*$/.exec(line);
      if (match === null) continue;
      const [, name, type] = match as unknown as [string, string, string];
      if (order.indexOf(type) > order.indexOf(requested.get(name) ?? 'none')) requested.set(name, type);
    }
  }
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'tandem-release-'));
  copy = join(scratch, 'workspace');
  env = cleanEnv();
  env = { ...env, PATH: `${pnpmBinDir(env)}:${env['PATH'] ?? ''}` };
  copyWorkspace(copy, env);
  readChangesets(join(copy, '.changeset'));
  for (const { manifest } of packages) before.set(manifest.name, manifest);

  const changeset = join(copy, 'node_modules/.bin/changeset');
  run(changeset, ['version'], { cwd: copy, env });
  for (const { dir } of packages) {
    const manifest = readManifest(join(copy, dir));
    after.set(manifest.name, manifest);
  }
  // The copy's .npmrc points every publish at the test registry (pnpm ≥ 11 reads no npm_config_* variables;
  // changesets' own `npm info` checks do) and holds the publishing token, which never leaves the copy.
  appendFileSync(join(copy, '.npmrc'), `\nregistry=${registry}\n@tandem:registry=${registry}\n//${new URL(registry).host}/:_authToken=${token}\n`);
  run(changeset, ['publish', '--no-git-tag'], { cwd: copy, env: { ...env, npm_config_registry: registry } });
});

afterAll(() => {
  if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
});

describe('pnpm run release', () => {
  it('is changeset version, then the build, then changeset publish', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['release']).toBe('changeset version && pnpm run build && changeset publish');
  });

  it('versions every package with a changeset, and never jumps a 0.x package to 1.0.0 unless a changeset asks for a major', () => {
    for (const name of names) {
      const from = before.get(name)!.version;
      const to = after.get(name)!.version;
      if (requested.has(name)) expect(to, `${name} has changesets`).not.toBe(from);
      if (from.startsWith('0.') && requested.get(name) !== 'major') expect(to, `${name}: ${from} → ${to}`).toMatch(/^0\./);
    }
  });

  it('publishes every package at its new version, with workspace ranges turned into real ones', async () => {
    const coreVersion = after.get('@tandem/core')!.version;
    for (const name of names) {
      const version = after.get(name)!.version;
      const response = await fetch(new URL(`${name.replace('/', '%2f')}/${version}`, registry));
      expect(response.status, `${name}@${version} on the registry`).toBe(200);
      const published = (await response.json()) as Manifest;
      expect(published.version).toBe(version);
      const ranges = { ...published.dependencies, ...published.peerDependencies };
      expect(Object.values(ranges).filter((range) => range.startsWith('workspace:')), name).toEqual([]);
      const core = published.peerDependencies?.['@tandem/core'] ?? published.dependencies?.['@tandem/core'];
      if (name !== '@tandem/core') expect(core, `${name} → @tandem/core`).toBe(`^${coreVersion}`);
    }
  });
});

describe('installed from the registry into an empty project', () => {
  let project = '';
  const wanted = ['@tandem/core', '@tandem/tools', 'zod', '@tandem/providers-openai', '@tandem/mcp', '@tandem/bidi', ...(has('@tandem/cli') ? ['@tandem/cli'] : [])];
  const userEnv = (): NodeJS.ProcessEnv => cleanEnv();

  beforeAll(() => {
    project = join(scratch, 'app');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'my-agent', private: true, type: 'module' }, null, 2));
    // Only the @tandem scope comes from the test registry; everything else from the usual npm registry.
    writeFileSync(join(project, '.npmrc'), `@tandem:registry=${registry}\n`);
    writeFileSync(join(project, 'agent.mjs'), AGENT_SCRIPT);
    writeFileSync(join(project, 'mcp-server.mjs'), MCP_SERVER_SCRIPT);
  });

  it('npm install succeeds without a peer-dependency complaint about a Tandem package', () => {
    const output = run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=warn', ...wanted], { cwd: project, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    expect(output).not.toMatch(/ERESOLVE|peer dep.*@tandem\//i);
    const installed = readManifest(join(project, 'node_modules/@tandem/core'));
    expect(installed.version).toBe(after.get('@tandem/core')!.version);
  });

  it('has exactly one @tandem/core', () => {
    const copies: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue;
        const path = join(dir, entry.name);
        if (path.endsWith(join('node_modules', '@tandem', 'core'))) copies.push(path);
        walk(path);
      }
    };
    walk(join(project, 'node_modules'));
    expect(copies).toEqual([join(project, 'node_modules/@tandem/core')]);
  });

  it('ships the LICENSE and the CHANGELOG in every installed Tandem package', () => {
    const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    const tandem = readdirSync(join(project, 'node_modules/@tandem'));
    expect(tandem).toEqual(expect.arrayContaining(['core', 'tools', 'providers-openai', 'provider-utils', 'mcp', 'bidi']));
    for (const dir of tandem) {
      const folder = join(project, 'node_modules/@tandem', dir);
      expect(readFileSync(join(folder, 'LICENSE'), 'utf8'), `${dir}/LICENSE`).toBe(license);
      expect(existsSync(join(folder, 'CHANGELOG.md')), `${dir}/CHANGELOG.md`).toBe(true);
    }
  });

  it('runs a tiny agent: a zod tool, a provider model, an MCP tool over stdio, a voice agent', () => {
    expect(run('node', ['agent.mjs'], { cwd: project, env: userEnv() }).trim()).toBe('agent ok');
  });

  it.runIf(has('@tandem/cli'))('runs npx tandem demo', () => {
    const output = run('npx', ['--no-install', 'tandem', 'demo'], { cwd: project, env: userEnv() });
    // The demo's four parts ran: a concurrent group, an MCP tool in its own process, the stop tool, and the closing line.
    expect(output).toMatch(/convert_currency ended \(\d+ ms, success\)/);
    expect(output).toMatch(/servedBy":"MCP server process \d+/);
    expect(output).toMatch(/the stop tool ended the run/);
    expect(output).toMatch(/Demo done in/);
  });
});
