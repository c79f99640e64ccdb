import { existsSync } from 'node:fs';
import { delimiter, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bundled client under test (inside the package, so Node resolves @tandem/mcp from here). */
export const CLIENT_BUNDLE = fileURLToPath(new URL('./node_modules/.cache/tandem-mcp-conformance/client.mjs', import.meta.url));

/** The conformance suite's CLI; it needs Node 22, which the `node` dev dependency provides. */
export const CONFORMANCE_CLI = fileURLToPath(new URL('./node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url));
export const NODE_22 = fileURLToPath(new URL('./node_modules/node/bin/node', import.meta.url));

/**
 * The project's own Node (the one the client under test must run on): the first `node` on PATH outside
 * any node_modules folder. (`pnpm test` puts node_modules/.bin first, where the `node` dev dependency
 * links Node 22.)
 */
export function projectNode(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '' || dir.split(sep).includes('node_modules')) continue;
    const candidate = join(dir, process.platform === 'win32' ? 'node.exe' : 'node');
    if (existsSync(candidate)) return candidate;
  }
  return process.execPath;
}
