// What every published package promises a user and a maintainer, read from its package.json and its packed
// file list: license, changelog, where the source lives, one @tandem/core per app, no type packages at run
// time, ESM-only exports, and the publint + attw checks in its lint script.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const REPOSITORY = 'git+https://github.com/tandem-sdk/tandem.git';

interface Manifest {
  name: string;
  private?: boolean;
  bin?: string | Record<string, string>;
  license?: string;
  keywords?: string[];
  homepage?: string;
  bugs?: { url?: string };
  repository?: { type?: string; url?: string; directory?: string };
  type?: string;
  sideEffects?: boolean;
  engines?: { node?: string };
  files?: string[];
  scripts?: Record<string, string>;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies?: Record<string, string>;
}

const packages = ['packages', 'apps']
  .filter((group) => existsSync(join(root, group)))
  .flatMap((group) => readdirSync(join(root, group)).map((name) => `${group}/${name}`))
  .filter((dir) => existsSync(join(root, dir, 'package.json')))
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest }))
  .filter(({ manifest }) => manifest.private !== true);

const license = readFileSync(join(root, 'LICENSE'), 'utf8');

/** The files each package's tarball would hold (one recursive `pnpm pack --dry-run` for all of them). */
const packedFiles = new Map(
  (
    JSON.parse(
      execFileSync('npx', ['-y', 'pnpm@12.4.2', '-r', ...packages.flatMap(({ manifest }) => ['--filter', manifest.name]), 'pack', '--dry-run', '--json'], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ) as { name: string; files: { path: string }[] }[]
  ).map(({ name, files }) => [name, files.map((file) => file.path)]),
);

it('the repository has an MIT LICENSE', () => {
  expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 Tandem contributors\n/);
});

describe.each(packages.map(({ dir, manifest }) => [manifest.name, dir, manifest] as const))('%s', (name, dir, manifest) => {
  it('ships the LICENSE and its CHANGELOG, and nothing but dist and docs', () => {
    expect(readFileSync(join(root, dir, 'LICENSE'), 'utf8')).toBe(license);
    expect(manifest.license).toBe('MIT');
    expect(manifest.files).toEqual(expect.arrayContaining(['dist', 'README.md', 'CHANGELOG.md', 'LICENSE']));
    const paths = packedFiles.get(name) ?? [];
    expect(paths).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json']));
    if (existsSync(join(root, dir, 'CHANGELOG.md'))) expect(paths).toContain('CHANGELOG.md');
    // A bin launcher (a committed file, so a workspace install links it before the first build) may ship too.
    const bins = new Set(Object.values(typeof manifest.bin === 'string' ? { bin: manifest.bin } : (manifest.bin ?? {})).map((bin) => String(bin).replace(/^\.\//, '')));
    expect(paths.filter((path) => !bins.has(path) && !/^(dist\/|LICENSE$|README\.md$|CHANGELOG\.md$|package\.json$)/.test(path))).toEqual([]);
  });

  it('says where its source, issues and docs live', () => {
    expect(manifest.repository).toEqual({ type: 'git', url: REPOSITORY, directory: dir });
    expect(manifest.homepage).toBe(`https://github.com/tandem-sdk/tandem/tree/main/${dir}#readme`);
    expect(manifest.bugs).toEqual({ url: 'https://github.com/tandem-sdk/tandem/issues' });
    expect(manifest.keywords).toEqual(expect.arrayContaining(['tandem']));
    expect(manifest.keywords!.length).toBeGreaterThan(2);
  });

  it('is ESM-only, side-effect free, for Node >= 20.19, with types/import/default on every export', () => {
    expect(manifest.type).toBe('module');
    expect(manifest.sideEffects).toBe(false);
    expect(manifest.engines?.node).toBe('>=20.19');
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (subpath === './package.json') continue;
      expect(Object.keys(target as object), `exports["${subpath}"]`).toEqual(['types', 'import', 'default']);
    }
  });

  it('takes @tandem/core as a peer (one core per app) and ships no type packages at run time', () => {
    const runtime = Object.keys(manifest.dependencies ?? {});
    expect(runtime.filter((dep) => dep.startsWith('@types/'))).toEqual([]);
    for (const [dep, range] of Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies })) {
      if (dep.startsWith('@tandem/')) expect(range, `${dep} range`).toBe('workspace:^');
    }
    if (dir.startsWith('packages/') && name !== '@tandem/core') {
      expect(manifest.dependencies?.['@tandem/core'], 'core is not a regular dependency').toBeUndefined();
      expect(manifest.peerDependencies?.['@tandem/core']).toBe('workspace:^');
      expect(manifest.devDependencies?.['@tandem/core'], 'core as a devDependency for its own tests').toBe('workspace:*');
    }
    for (const dep of Object.keys(manifest.peerDependencies ?? {})) expect(runtime, `${dep} is a peer and a dependency`).not.toContain(dep);
  });

  it('lints with publint --strict and attw --profile esm-only', () => {
    expect(manifest.scripts?.['lint']).toMatch(/publint --strict/);
    expect(manifest.scripts?.['lint']).toMatch(/attw --pack \. --profile esm-only/);
  });
});
