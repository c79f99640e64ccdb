// Packaging smoke test: pack each published package, install the tarballs into a fresh project outside the
// workspace (offline, from the local pnpm store), import every export at runtime, and compile a consumer
// with skipLibCheck: false — so broken exports maps, missing files or unresolvable .d.ts fail here.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const PNPM = ['-y', 'pnpm@12.4.2'];

interface Manifest {
  name: string;
  private?: boolean;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/**
 * Every published package under packages/ and apps/ (each is also a devDependency here, so turbo builds it before
 * this test runs — a test below checks that list is complete).
 */
const packages = ['packages', 'apps']
  .flatMap((folder) => readdirSync(join(root, folder)).sort().map((dir) => join(root, folder, dir)))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .map((dir) => ({ dir }))
  .map(({ dir }) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest }))
  .filter(({ manifest }) => manifest.private !== true);

let project = '';
const tarballs = new Map<string, string>();

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: 'true' } });
}

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'tandem-consumer-'));
  const packDir = join(project, 'tarballs');
  for (const { dir, manifest } of packages) {
    const out = run('npx', [...PNPM, 'pack', '--pack-destination', packDir], dir).trim().split('\n').at(-1) ?? '';
    tarballs.set(manifest.name, out.startsWith('/') ? out : join(packDir, out));
  }
  // Third-party dependencies at exactly the versions the workspace resolved (so the install is served from the local
  // store; --prefer-offline fetches from the registry only a transitive version published since the lockfile).
  const external = new Map<string, string>();
  for (const { dir, manifest } of packages) {
    for (const name of [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]) {
      if (name.startsWith('@tandem/') || external.has(name)) continue;
      const installed = JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
      external.set(name, installed.version);
    }
  }
  const fileSpec = (name: string): string => `file:${tarballs.get(name) as string}`;
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify(
      {
        name: 'tandem-consumer',
        private: true,
        type: 'module',
        dependencies: {
          ...Object.fromEntries([...tarballs.keys()].map((name) => [name, fileSpec(name)])),
          ...Object.fromEntries(external),
          typescript: '~5.9.3',
          '@types/node': '^20.19.0',
        },
      },
      null,
      2,
    ),
  );
  const overrides = [...tarballs.keys()].map((name) => `  ${JSON.stringify(name)}: ${JSON.stringify(fileSpec(name))}`).join('\n');
  // Some dependencies have build scripts (better-sqlite3's native module, @google/genai, protobufjs); pnpm
  // fails an install whose build scripts are neither allowed nor denied. None runs here: importing a package
  // must not need them (@tandem/sessions loads better-sqlite3 only when a SQLite store is made).
  writeFileSync(join(project, 'pnpm-workspace.yaml'), `packages: []\nstrictDepBuilds: false\noverrides:\n${overrides}\n`);
  run('npx', [...PNPM, 'install', '--prefer-offline', '--config.confirmModulesPurge=false'], project);
});

afterAll(() => {
  if (project !== '') rmSync(project, { recursive: true, force: true });
});

describe.each(packages.map(({ manifest }) => [manifest.name, manifest] as const))('%s as installed from its tarball', (name, manifest) => {
  const subpaths = Object.keys(manifest.exports ?? { '.': {} }).filter((key) => key !== './package.json');

  it('imports every subpath and every export is defined', () => {
    for (const subpath of subpaths) {
      const specifier = subpath === '.' ? name : `${name}/${subpath.slice(2)}`;
      const script = `const m = await import(${JSON.stringify(specifier)}); const bad = Object.entries(m).filter(([, v]) => v === undefined).map(([k]) => k); if (bad.length) { console.error('undefined exports: ' + bad); process.exit(1); } console.log(Object.keys(m).length);`;
      const count = Number(run('node', ['--input-type=module', '-e', script], project).trim());
      expect(count, `${specifier} exports something`).toBeGreaterThan(0);
    }
  });

});

it('runs the tandem command from the installed tarball: tools, a run, and the offline demo', () => {
  const tandem = join(project, 'node_modules/.bin/tandem');
  // No provider keys and no Ollama, so the model is the offline demo model.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/(_API_KEY$|^AWS_|^OLLAMA_)/.test(key)));
  env['OLLAMA_HOST'] = '127.0.0.1:9';
  const exec = (args: string[]): string => execFileSync(tandem, args, { cwd: project, encoding: 'utf8', env });
  const tools = JSON.parse(exec(['tools', '--json'])) as { name: string; source: string }[];
  expect(tools.map((tool) => tool.name).sort()).toEqual(
    ['current_time', 'fetch_url', 'list_directory', 'read_file', 'run_command', 'search_files', 'write_file'],
  );
  expect(new Set(tools.map((tool) => tool.source))).toEqual(new Set(['builtin']));
  expect(exec(['run', 'current_time timeZone=UTC'])).toMatch(/^Calling current_time\.\nThe tool returned:\n- current_time: .*"timeZone":"UTC"/);
  const demo = exec(['demo']);
  expect(demo).toMatch(/weather +start +\d+ ms +end +\d+ ms/);
  expect(demo).toContain('Demo done in');
});

it('compiles a consumer of every package and subpath with skipLibCheck: false', () => {
  {
    const specifiers = packages.flatMap(({ manifest }) =>
      Object.keys(manifest.exports ?? { '.': {} })
        .filter((key) => key !== './package.json')
        .map((subpath) => (subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`)),
    );
    const lines = specifiers.map(
      (specifier, i) => `import * as m${i} from ${JSON.stringify(specifier)};\nexport const keys${i}: string[] = Object.keys(m${i});`,
    );
    writeFileSync(join(project, 'consumer.ts'), `${lines.join('\n')}\n`);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          // DOM: @modelcontextprotocol/sdk's own .d.ts files use fetch types (HeadersInit) that @types/node lacks.
          lib: ['ES2023', 'ESNext.Disposable', 'DOM'],
          types: ['node'],
        },
        files: ['consumer.ts'],
      }),
    );
    try {
      run(join(project, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], project);
    } catch (error) {
      const output = error as { stdout?: string; stderr?: string };
      throw new Error(`tsc failed:\n${output.stdout ?? ''}${output.stderr ?? ''}`);
    }
  }
});

it('covers every published package, each a devDependency of this test package', () => {
  const names = packages.map(({ manifest }) => manifest.name);
  expect(names).toEqual(expect.arrayContaining(['@tandem/core', '@tandem/tools', '@tandem/aggregators', '@tandem/stop']));
  const own = JSON.parse(readFileSync(join(import.meta.dirname, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  for (const name of names) expect(own.devDependencies[name], `${name} in tests/packaging devDependencies`).toBe('workspace:*');
});
