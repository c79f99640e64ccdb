// A client import must not load server code: imports the built package (dist, through its exports map) in
// a child process whose module loader records every module it resolves.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { modulesLoadedBy } from '@tandem/provider-utils/testing';
import { beforeAll, describe, expect, it } from 'vitest';

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

beforeAll(() => {
  if (!existsSync(join(packageDir, 'dist', 'index.js')) || !existsSync(join(packageDir, 'dist', 'server.js'))) {
    throw new Error('Build @tandem/mcp first (pnpm turbo run build --filter=@tandem/mcp): this test imports dist/.');
  }
});

/** The MCP SDK's client and protocol modules, and zod (whose schemas they build when they load). */
const isSdkClientOrZod = (url: string): boolean => /@modelcontextprotocol\/sdk\/dist\/esm\/(client\/|types\.js)|\/node_modules\/zod\//.test(url);

describe('importing @tandem/mcp', () => {
  it('loads no server code, and not even the SDK client or zod: they load with the first connection', () => {
    const loaded = modulesLoadedBy(packageDir, `await import('@tandem/mcp');`);
    expect(loaded.some((url) => url.endsWith('/packages/mcp/dist/index.js'))).toBe(true);
    expect(loaded.filter(isSdkClientOrZod)).toEqual([]);
    expect(loaded.filter(isServerCode)).toEqual([]);
  });

  it('a connection loads the SDK client, still without server code', () => {
    const server = new URL('./__fixtures__/raw-stdio-server.mjs', import.meta.url).pathname;
    const loaded = modulesLoadedBy(
      packageDir,
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
    const loaded = modulesLoadedBy(packageDir, `await import('@tandem/mcp/server');`);
    expect(loaded.some((url) => url.endsWith('/packages/mcp/dist/server.js'))).toBe(true);
    expect(loaded.filter(isServerCode).length).toBeGreaterThan(0);
  });
});
