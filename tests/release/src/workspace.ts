import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The monorepo root. */
export const ROOT = resolve(import.meta.dirname, '../../..');

/** The fields of a package.json the release test reads. */
export interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly bin?: Record<string, string>;
  readonly exports?: Record<string, unknown>;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
}

/** A package of the workspace that is published to npm. */
export interface PublishedPackage {
  /** Folder relative to the root, e.g. `packages/core`. */
  readonly dir: string;
  readonly manifest: Manifest;
}

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

/** Every non-private package under packages/ and apps/, as `changeset publish` sees them. */
export function publishedPackages(root = ROOT): PublishedPackage[] {
  return ['packages', 'apps']
    .filter((group) => existsSync(join(root, group)))
    .flatMap((group) => readdirSync(join(root, group)).map((name) => `${group}/${name}`))
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => ({ dir, manifest: readManifest(join(root, dir)) }))
    .filter(({ manifest }) => manifest.private !== true)
    .sort((a, b) => a.manifest.name.localeCompare(b.manifest.name));
}

/** Runs a command; on failure the error carries its output. */
export function run(command: string, args: readonly string[], options: ExecFileSyncOptions & { cwd: string }): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024, ...options }) as string;
  } catch (error) {
    const output = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${options.cwd}:\n${output.stdout ?? ''}\n${output.stderr ?? ''}\n${output.message}`);
  }
}

/**
 * Copies the workspace as git sees it (tracked and untracked-but-not-ignored files) into `dest`, plus the
 * `dist` of every published package (already built by the run that started this test), and links it with
 * an offline `pnpm install` from the store: a checkout the release commands can change freely.
 */
export function copyWorkspace(dest: string, env: NodeJS.ProcessEnv): void {
  const files = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    cpSync(join(ROOT, file), join(dest, file));
  }
  const packages = publishedPackages();
  for (const { dir, manifest } of packages) {
    if (!existsSync(join(ROOT, dir, 'dist'))) throw new Error(`${manifest.name} is not built (no ${dir}/dist): build the workspace first.`);
    cpSync(join(ROOT, dir, 'dist'), join(dest, dir, 'dist'), { recursive: true });
  }
  const filters = ['.', ...packages.map(({ manifest }) => manifest.name)].flatMap((name) => ['--filter', name]);
  run('pnpm', ['install', '--offline', '--frozen-lockfile', '--ignore-scripts', '--config.confirmModulesPurge=false', ...filters], { cwd: dest, env });
}

/**
 * The folder of the `pnpm` command that `npx -y pnpm@12.4.2` runs — changesets calls `pnpm publish` by name,
 * and this repository does not need pnpm installed globally.
 */
export function pnpmBinDir(env: NodeJS.ProcessEnv): string {
  const path = run('npx', ['-y', 'pnpm@12.4.2', 'exec', 'sh', '-c', 'command -v pnpm'], { cwd: ROOT, env }).trim().split('\n').at(-1) ?? '';
  if (!path.startsWith('/')) throw new Error(`cannot find the pnpm command of npx -y pnpm@12.4.2 (got ${JSON.stringify(path)})`);
  return dirname(path);
}
