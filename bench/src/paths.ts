import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `bench/` folder. */
export const BENCH_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The monorepo root. */
export const ROOT_DIR = join(BENCH_DIR, '..');

/** Version of a direct dependency of the bench, read from its installed package.json. */
export function installedVersion(pkg: string): string {
  const json = JSON.parse(readFileSync(join(BENCH_DIR, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string };
  return json.version;
}

/**
 * The lowest Node major version a dependency of the bench declares (`engines.node` of `pkg`, and of each of
 * `deps` as installed for it), e.g. 22 for `>=22`; 0 when none declares one.
 */
export function declaredMinNode(pkg: string, ...deps: readonly string[]): number {
  const dir = realpathSync(join(BENCH_DIR, 'node_modules', pkg));
  const dirs = [dir, ...deps.map((dep) => packageDirFrom(dir, dep))];
  let min = 0;
  for (const folder of dirs) {
    const json = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { engines?: { node?: string } };
    const major = /(\d+)/.exec(json.engines?.node ?? '')?.[1];
    if (major !== undefined) min = Math.max(min, Number(major));
  }
  return min;
}

/** The major version of the Node running the bench. */
export const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/** Where Node finds `dep` from the package folder `fromDir` (its node_modules, then its ancestors'). */
function packageDirFrom(fromDir: string, dep: string): string {
  for (let dir = fromDir; dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = basename(dir) === 'node_modules' ? join(dir, dep) : join(dir, 'node_modules', dep);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
  }
  throw new Error(`${dep} is not installed for ${fromDir}`);
}
