import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
