// A client import must not load server code: imports the built package (dist, through its exports map) in
// a child process whose module loader records every module it resolves.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = new URL('..', import.meta.url).pathname;
/**
 * The MCP SDK's server modules (its `Server`, server transports, express/hono glue) and the HTTP
 * frameworks only they use. The SDK's own client imports three helpers that live in its `server/`
 * folder (zod compatibility and the OAuth error classes); those are not server code.
 */
const SDK_SERVER_DIR = '@modelcontextprotocol/sdk/dist/esm/server/';
const CLIENT_HELPERS = /\/server\/(zod-compat|zod-json-schema-compat|auth\/errors)\.js$/;
const isServerCode = (url: string): boolean =>
  (url.includes(SDK_SERVER_DIR) && !CLIENT_HELPERS.test(url)) || /\/node_modules\/(hono|@hono\/node-server|express)\//.test(url);

let dir = '';
beforeAll(() => {
  if (!existsSync(join(packageDir, 'dist', 'index.js')) || !existsSync(join(packageDir, 'dist', 'server.js'))) {
    throw new Error('Build @tandem/mcp first (pnpm turbo run build --filter=@tandem/mcp): this test imports dist/.');
  }
  dir = mkdtempSync(join(tmpdir(), 'tandem-mcp-imports-'));
  writeFileSync(
    join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.TANDEM_LOADED_LOG, resolved.url + '\\n');
  return resolved;
}
`,
  );
  writeFileSync(join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`);
});
afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

/** Runs `script` from inside the package (self-reference → dist) and returns every module URL resolved. */
function modulesLoadedBy(script: string): string[] {
  const log = join(dir, `${String(++scripts)}.log`);
  writeFileSync(log, '');
  execFileSync(process.execPath, ['--import', pathToFileURL(join(dir, 'register.mjs')).href, '--input-type=module', '-e', script], {
    cwd: packageDir,
    env: { ...process.env, TANDEM_LOADED_LOG: log },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return readFileSync(log, 'utf8').split('\n').filter((line) => line !== '');
}
let scripts = 0;

/** The MCP SDK's client and protocol modules, and zod (whose schemas they build when they load). */
const isSdkClientOrZod = (url: string): boolean => /@modelcontextprotocol\/sdk\/dist\/esm\/(client\/|types\.js)|\/node_modules\/zod\//.test(url);

describe('importing @tandem/mcp', () => {
  it('loads no server code, and not even the SDK client or zod: they load with the first connection', () => {
    const loaded = modulesLoadedBy(`await import('@tandem/mcp');`);
    expect(loaded.some((url) => url.endsWith('/packages/mcp/dist/index.js'))).toBe(true);
    expect(loaded.filter(isSdkClientOrZod)).toEqual([]);
    expect(loaded.filter(isServerCode)).toEqual([]);
  });

  it('a connection loads the SDK client, still without server code', () => {
    const server = new URL('./__fixtures__/raw-stdio-server.mjs', import.meta.url).pathname;
    const loaded = modulesLoadedBy(
      `const { McpClient } = await import('@tandem/mcp');
const client = new McpClient({ transport: { type: 'stdio', command: process.execPath, args: [${JSON.stringify(server)}], stderr: 'ignore' } });
try {
  const tools = await client.listTools();
  if (tools.length !== 4) throw new Error('expected the 4 tools of the raw server, got ' + tools.length);
} finally {
  await client.close();
}`,
    );
    expect(loaded.some((url) => url.includes('@modelcontextprotocol/sdk/dist/esm/client/index.js'))).toBe(true);
    expect(loaded.filter(isServerCode)).toEqual([]);
  });

  it('@tandem/mcp/server is where the server code is (the check above can see it)', () => {
    const loaded = modulesLoadedBy(`await import('@tandem/mcp/server');`);
    expect(loaded.some((url) => url.endsWith('/packages/mcp/dist/server.js'))).toBe(true);
    expect(loaded.filter(isServerCode).length).toBeGreaterThan(0);
  });
});
