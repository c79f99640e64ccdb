import { realpathSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How to run `tandem` where this copy of it lives: `tandem` when it is installed globally (`npm install -g`,
 * so on `PATH`), else `npx tandem` — from a clone of the repository (the workspace bin) or a project that
 * has `@tandem/cli` installed.
 *
 * @example
 * ```ts
 * invokedAs(); // 'npx tandem' in a clone, 'tandem' after npm install -g
 * ```
 */
export function invokedAs(moduleUrl: string = import.meta.url, globalRoots: readonly string[] = defaultGlobalRoots()): string {
  let here: string;
  try {
    here = realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return 'tandem';
  }
  const global = globalRoots.some((root) => {
    const rest = relative(root, here);
    return rest !== '' && !rest.startsWith('..') && !rest.startsWith(sep);
  });
  return global ? 'tandem' : 'npx tandem';
}

/** Where `npm install -g` puts packages for this Node: `<prefix>/lib/node_modules` (POSIX) or `<prefix>/node_modules` (Windows), and `$npm_config_prefix`'s. */
function defaultGlobalRoots(): string[] {
  const prefixes = [dirname(dirname(process.execPath)), dirname(process.execPath), process.env['npm_config_prefix'], process.env['PREFIX']].filter(
    (prefix): prefix is string => prefix !== undefined && prefix !== '',
  );
  const roots = prefixes.flatMap((prefix) => [join(prefix, 'lib', 'node_modules'), join(prefix, 'node_modules')]);
  return [...new Set(roots)].map((root) => {
    try {
      return realpathSync(root);
    } catch {
      return root;
    }
  });
}
