import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { entryOf, type Contender } from '../contender.js';
import type { BenchConfig } from '../config.js';
import { BENCH_DIR, ROOT_DIR } from '../paths.js';
import { single, type Cell, type Metric } from '../results.js';

/** Bytes on disk and number of packages of an install. */
export interface Size {
  readonly bytes: number;
  readonly packages: number;
}

interface PackageJson {
  readonly name: string;
  readonly files?: readonly string[];
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

function readJson(path: string): PackageJson {
  return JSON.parse(readFileSync(path, 'utf8')) as PackageJson;
}

/** Apparent size of the files under `path`, skipping nested node_modules. */
function treeBytes(path: string): number {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return 0;
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const entry of readdirSync(path)) if (entry !== 'node_modules') total += treeBytes(join(path, entry));
  return total;
}

/** Bytes a package occupies once installed: its `files` (plus package.json/README/LICENSE), or the whole folder. */
function packageBytes(dir: string, json: PackageJson): number {
  if (json.files === undefined) return treeBytes(dir);
  const always = readdirSync(dir).filter((f) => /^(package\.json|readme|license|licence|changelog)/i.test(f));
  const paths = new Set([...always, ...json.files.map((f) => f.replace(/^\.\//, '').replace(/\/$/, ''))]);
  let total = 0;
  for (const p of paths) if (!p.startsWith('!') && existsSync(join(dir, p))) total += treeBytes(join(dir, p));
  return total;
}

/** Finds `dep` the way Node does: in `node_modules` of the package's folder and its ancestors. */
function resolveDir(fromDir: string, dep: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = basename(dir) === 'node_modules' ? join(dir, dep) : join(dir, 'node_modules', dep);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Offline estimate: the installed dependency closure of `pkg` as found from the bench's node_modules
 * (dependencies, installed optional dependencies, required peers), each counted once.
 */
export function closureSize(pkg: string): Size {
  return closureSizeOf(realpathSync(join(BENCH_DIR, 'node_modules', pkg)));
}

/** The same closure, starting from a package folder (e.g. a workspace package). */
export function closureSizeOf(packageDir: string): Size {
  const seen = new Set<string>();
  const queue = [packageDir];
  let bytes = 0;
  while (queue.length > 0) {
    const dir = queue.pop()!;
    if (seen.has(dir)) continue;
    seen.add(dir);
    const json = readJson(join(dir, 'package.json'));
    bytes += packageBytes(dir, json);
    const peers = Object.keys(json.peerDependencies ?? {}).filter((p) => json.peerDependenciesMeta?.[p]?.optional !== true);
    for (const dep of [...Object.keys(json.dependencies ?? {}), ...Object.keys(json.optionalDependencies ?? {}), ...peers]) {
      const found = resolveDir(dir, dep);
      if (found !== undefined) queue.push(found);
    }
  }
  return { bytes, packages: seen.size };
}

/** Size and package count of an npm-installed node_modules folder. */
function nodeModulesSize(nodeModules: string): Size {
  let bytes = 0;
  let packages = 0;
  const visit = (folder: string): void => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder)) {
      if (entry.startsWith('.')) continue;
      const path = join(folder, entry);
      if (entry.startsWith('@')) {
        visit(path);
        continue;
      }
      if (!statSync(path).isDirectory() || !existsSync(join(path, 'package.json'))) continue;
      packages++;
      bytes += treeBytes(path);
      visit(join(path, 'node_modules'));
    }
  };
  visit(nodeModules);
  return { bytes, packages };
}

/** `npm install` of `specs` alone into a temp dir (scripts off, as a user's install would fetch it). */
export function npmInstallSize(...specs: string[]): Size {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-install-'));
  try {
    execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', ...specs], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 180_000,
    });
    return nodeModulesSize(join(dir, 'node_modules'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm pack` of the local @tandem/core into a temp dir, for installing it like a published package. */
function packTandemCore(): { spec: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-pack-'));
  const out = execFileSync('npm', ['pack', '--pack-destination', dir, '--loglevel=error'], {
    cwd: join(ROOT_DIR, 'packages', 'core'),
    encoding: 'utf8',
  });
  return { spec: join(dir, out.trim().split('\n').at(-1)!), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Workload 5b: install size and package count of each SDK alone. */
export async function installSize(contenders: readonly Contender[], config: BenchConfig): Promise<Metric[]> {
  const bytes = new Map<string, Cell>();
  const count = new Map<string, Cell>();
  for (const contender of contenders) {
    if (contender.pkg === undefined) continue;
    let size: Size | undefined;
    let how = 'node_modules closure';
    if (config.installFromRegistry) {
      try {
        if (contender.kind === 'tandem') {
          const packed = packTandemCore();
          try {
            size = npmInstallSize(packed.spec);
          } finally {
            packed.cleanup();
          }
        } else {
          size = npmInstallSize(`${contender.pkg}@${contender.version}`);
        }
        how = 'npm install';
      } catch {
        how = 'node_modules closure (npm install failed: offline?)';
      }
    }
    try {
      size ??= closureSize(entryOf(contender) ?? contender.pkg);
      bytes.set(contender.id, single(size.bytes / 1024 / 1024, how));
      count.set(contender.id, single(size.packages, how));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      bytes.set(contender.id, { kind: 'error', reason });
      count.set(contender.id, { kind: 'error', reason });
    }
  }
  const section = '5. Cold start and size';
  return [
    { section, name: 'install size (SDK alone)', unit: 'MB', better: 'lower', digits: 2, cells: bytes },
    { section, name: 'packages installed (SDK alone)', unit: 'pkgs', better: 'lower', digits: 0, cells: count },
  ];
}
