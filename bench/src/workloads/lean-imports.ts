import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchConfig } from '../config.js';
import { BENCH_DIR, installedVersion, ROOT_DIR } from '../paths.js';
import { single, type Cell, type Metric } from '../results.js';
import { summarize } from '../stats.js';
import { closureSizeOf, npmInstallSize, type Size } from './install-size.js';

/** Each Tandem package next to the Vercel AI SDK package a user would pick for the same job. */
export const PAIRS: readonly { readonly tandem: string; readonly ai: string; readonly job: string }[] = [
  { tandem: '@tandem/tools', ai: 'ai', job: 'define a tool (`tool` from `ai`)' },
  { tandem: '@tandem/providers-openai', ai: '@ai-sdk/openai', job: 'OpenAI models' },
  { tandem: '@tandem/providers-bedrock', ai: '@ai-sdk/amazon-bedrock', job: 'Amazon Bedrock models' },
  { tandem: '@tandem/mcp', ai: '@ai-sdk/mcp', job: 'MCP client' },
];

export const SECTION = '11. Lean imports: each package vs its AI SDK counterpart';

interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** Every published Tandem package of the workspace, by name → folder. */
function tandemPackages(): Map<string, { dir: string; manifest: Manifest }> {
  const found = new Map<string, { dir: string; manifest: Manifest }>();
  for (const group of ['packages', 'apps']) {
    if (!existsSync(join(ROOT_DIR, group))) continue;
    for (const name of readdirSync(join(ROOT_DIR, group)).sort()) {
      const dir = join(ROOT_DIR, group, name);
      if (!existsSync(join(dir, 'package.json'))) continue;
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
      if (manifest.private !== true) found.set(manifest.name, { dir, manifest });
    }
  }
  return found;
}

/** The Tandem packages `name` needs installed: itself, its Tandem dependencies and required peers, transitively. */
function tandemClosure(name: string, all: Map<string, { manifest: Manifest }>): string[] {
  const seen = new Set<string>();
  const visit = (pkg: string): void => {
    if (seen.has(pkg)) return;
    seen.add(pkg);
    const { manifest } = all.get(pkg)!;
    const peers = Object.keys(manifest.peerDependencies ?? {}).filter((p) => manifest.peerDependenciesMeta?.[p]?.optional !== true);
    for (const dep of [...Object.keys(manifest.dependencies ?? {}), ...peers]) if (all.has(dep)) visit(dep);
  };
  visit(name);
  return [...seen];
}

/** Wall and CPU time (ms) of `import(specifier)` in a fresh Node process. */
function coldImport(specifier: string): { wallMs: number; cpuMs: number } {
  const script = `const cpu = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(specifier)}); const used = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify({ wallMs: performance.now() - t, cpuMs: (used.user + used.system) / 1000 }));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: BENCH_DIR, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`import ${specifier} failed: ${child.stderr.trim().split('\n').slice(-3).join(' ')}`);
  return JSON.parse(child.stdout) as { wallMs: number; cpuMs: number };
}

/** Workload 11a: import time of each Tandem package and its counterpart, in fresh processes, interleaved. */
function importTimes(config: BenchConfig): Metric[] {
  const wall = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  const errors = new Map<string, string>();
  for (let i = 0; i < config.coldStarts; i++) {
    for (const pair of PAIRS) {
      for (const pkg of [pair.tandem, pair.ai]) {
        if (errors.has(pkg)) continue;
        try {
          const sample = coldImport(pkg);
          wall.set(pkg, [...(wall.get(pkg) ?? []), sample.wallMs]);
          cpu.set(pkg, [...(cpu.get(pkg) ?? []), sample.cpuMs]);
        } catch (error) {
          errors.set(pkg, error instanceof Error ? error.message : String(error));
        }
      }
    }
  }
  const cell = (pkg: string): Cell => {
    const error = errors.get(pkg);
    if (error !== undefined) return { kind: 'error', reason: error };
    const cpuMs = summarize(cpu.get(pkg) ?? []).median;
    return { kind: 'value', summary: summarize(wall.get(pkg) ?? []), note: `\`${pkg}\`; CPU ${cpuMs.toFixed(0)} ms (median)` };
  };
  return PAIRS.map((pair) => ({
    section: SECTION,
    name: `import: ${pair.tandem} vs ${pair.ai}@${installedVersion(pair.ai)} — ${pair.job}`,
    unit: 'ms',
    better: 'lower',
    digits: 1,
    cells: new Map([
      ['tandem', cell(pair.tandem)],
      ['ai', cell(pair.ai)],
    ]),
  }));
}

/** `pnpm pack` of every published Tandem package into a temp dir (workspace ranges become real ones). */
function packAll(names: readonly string[]): { files: Map<string, string>; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-packs-'));
  const filters = names.flatMap((name) => ['--filter', name]);
  execFileSync('npx', ['-y', 'pnpm@12.4.2', '-r', ...filters, 'pack', '--pack-destination', dir], { cwd: ROOT_DIR, stdio: 'ignore' });
  const files = new Map<string, string>();
  for (const file of readdirSync(dir)) {
    const name = names.find((n) => {
      const prefix = `${n.slice(1).replace('/', '-')}-`; // @tandem/core → tandem-core-<version>.tgz
      return file.startsWith(prefix) && /^\d/.test(file.slice(prefix.length));
    });
    if (name !== undefined) files.set(name, join(dir, file));
  }
  return { files, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Workload 11b: install size and package count of each Tandem package (and each counterpart) installed alone. */
function installSizes(config: BenchConfig): Metric[] {
  const all = tandemPackages();
  const names = [...all.keys()];
  const counterpart = new Map(PAIRS.map((pair) => [pair.tandem, pair.ai]));
  let packed: ReturnType<typeof packAll> | undefined;
  if (config.installFromRegistry) {
    try {
      packed = packAll(names);
    } catch {
      packed = undefined;
    }
  }
  const measure = (registry: () => Size, offline: () => Size): { size: Size; how: string } | { error: string } => {
    if (packed !== undefined) {
      try {
        return { size: registry(), how: 'npm install' };
      } catch {
        // offline: fall back below
      }
    }
    try {
      return { size: offline(), how: packed === undefined ? 'node_modules closure' : 'node_modules closure (npm install failed: offline?)' };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  };
  const metrics: Metric[] = [];
  try {
    for (const name of names) {
      const bytes = new Map<string, Cell>();
      const count = new Map<string, Cell>();
      const record = (id: string, pkg: string, result: ReturnType<typeof measure>): void => {
        if ('error' in result) {
          bytes.set(id, { kind: 'error', reason: result.error });
          count.set(id, { kind: 'error', reason: result.error });
          return;
        }
        bytes.set(id, single(result.size.bytes / 1024 / 1024, `\`${pkg}\`, ${result.how}`));
        count.set(id, single(result.size.packages, `\`${pkg}\`, ${result.how}`));
      };
      record(
        'tandem',
        name,
        measure(
          () => npmInstallSize(...tandemClosure(name, all).map((pkg) => packed!.files.get(pkg)!)),
          () => closureSizeOf(all.get(name)!.dir),
        ),
      );
      const ai = counterpart.get(name);
      if (ai !== undefined) {
        const version = installedVersion(ai);
        record('ai', ai, measure(() => npmInstallSize(`${ai}@${version}`), () => closureSizeOf(realpathSync(join(ROOT_DIR, 'bench/node_modules', ai)))));
      }
      metrics.push(
        { section: SECTION, name: `install size: ${name}${ai === undefined ? '' : ` vs ${ai}`}`, unit: 'MB', better: 'lower', digits: 2, cells: bytes },
        { section: SECTION, name: `packages installed: ${name}${ai === undefined ? '' : ` vs ${ai}`}`, unit: 'pkgs', better: 'lower', digits: 0, cells: count },
      );
    }
  } finally {
    packed?.cleanup();
  }
  return metrics;
}

/** Workload 11: lean imports — cold import time, install size and dependency count per package. */
export async function leanImports(config: BenchConfig): Promise<Metric[]> {
  return [...importTimes(config), ...installSizes(config)];
}
