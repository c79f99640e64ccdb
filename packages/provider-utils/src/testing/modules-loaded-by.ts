import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A module loader hook that appends every URL it resolves to the file named by `TANDEM_LOADED_LOG`. */
const RESOLVE_HOOK = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.TANDEM_LOADED_LOG, resolved.url + '\\n');
  return resolved;
}
`;

/**
 * Runs `script` (the body of an ES module, top-level `await` allowed) in a child Node process started in
 * `cwd`, and returns the URL of every module it resolved, in order — to test that importing a package
 * stays light (a vendor SDK, zod or server code loads only when it is used). Run from inside a package,
 * `import('<its own name>')` resolves through its `exports` map to its built `dist/`, as for a user.
 * Throws with the child's stderr when the script fails (for instance when `dist/` is not built yet).
 *
 * @example
 * ```ts
 * const loaded = modulesLoadedBy(new URL('..', import.meta.url).pathname, `await import('@acme/provider');`);
 * expect(loaded.some((url) => url.endsWith('/dist/index.js'))).toBe(true);
 * expect(loaded.filter((url) => url.includes('/node_modules/zod/'))).toEqual([]);
 * ```
 *
 * @category Testing
 */
export function modulesLoadedBy(cwd: string, script: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-modules-loaded-'));
  try {
    const log = join(dir, 'loaded.log');
    writeFileSync(log, '');
    writeFileSync(join(dir, 'hooks.mjs'), RESOLVE_HOOK);
    writeFileSync(join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`);
    try {
      execFileSync(process.execPath, ['--import', pathToFileURL(join(dir, 'register.mjs')).href, '--input-type=module', '-e', script], {
        cwd,
        env: { ...process.env, TANDEM_LOADED_LOG: log },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
      throw new Error(`The script failed in ${cwd} (is the package built? Its import loads dist/):\n${stderr}`, { cause: error });
    }
    return readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
