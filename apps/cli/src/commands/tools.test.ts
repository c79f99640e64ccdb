// `tandem tools --json` with tools from a module, from --mcp and from mcpServers in the config — real MCP servers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveTools } from '@tandem/mcp/server';
import { tool } from '@tandem/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ANSI, assertBuilt, EVERYTHING_ENTRY, runCli, TEST_TOOLS } from '../__fixtures__/cli.js';

interface Listing {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: { readonly type?: string; readonly properties?: Record<string, unknown>; readonly required?: string[] };
  readonly source: string;
}

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tandem-tools-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tandem tools', () => {
  it('--json lists built-in, module, --mcp and config mcpServers tools with schema and source', async () => {
    const project = mkdtempSync(join(dir, 'project-'));
    writeFileSync(
      join(project, 'tandem.config.json'),
      JSON.stringify({ mcpServers: { everything: { type: 'stdio', command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'], toolPrefix: 'ev_' } } }),
    );
    const result = await runCli(['tools', '--json', '--tools', TEST_TOOLS, '--mcp', `"${process.execPath}" "${EVERYTHING_ENTRY}" stdio`], { cwd: project });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const tools = JSON.parse(result.stdout) as Listing[];
    const byName = new Map(tools.map((tool) => [tool.name, tool]));

    expect(byName.get('current_time')).toMatchObject({ source: 'builtin', inputSchema: { type: 'object', properties: { timeZone: expect.any(Object) } } });
    expect(byName.get('slow_search')).toEqual({
      name: 'slow_search',
      description: 'A search that takes a long time; it records when its signal aborts.',
      inputSchema: expect.objectContaining({ type: 'object', properties: { query: { type: 'string' } }, required: ['query'] }),
      source: 'module',
    });
    expect(byName.get('quick_echo')?.source).toBe('module');
    expect(byName.has('notATool')).toBe(false);
    // --mcp: the server's own names, source named after the server
    expect(byName.get('echo')).toMatchObject({ source: 'mcp:mcp-servers/everything', description: 'Echoes back the input string', inputSchema: { type: 'object', required: ['message'] } });
    expect(byName.get('get-sum')?.source).toBe('mcp:mcp-servers/everything');
    // config mcpServers: its key names the source, and toolPrefix applies
    expect(byName.get('ev_echo')).toMatchObject({ source: 'mcp:everything', description: 'Echoes back the input string' });
    expect(tools.filter((tool) => tool.source === 'mcp:everything').length).toBe(tools.filter((tool) => tool.source === 'mcp:mcp-servers/everything').length);
    for (const tool of tools) expect(Object.keys(tool).sort()).toEqual(['description', 'inputSchema', 'name', 'source']);
  });

  it('prints a readable list without ANSI when stdout is not a TTY', async () => {
    const result = await runCli(['tools', '--tools', TEST_TOOLS], { cwd: mkdtempSync(join(dir, 'plain-')) });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(ANSI);
    expect(result.stdout).toContain('slow_search [module]\n  A search that takes a long time; it records when its signal aborts.\n  input: query: string\n');
    expect(result.stdout).toContain('10 tools');
  });

  it('--json lists the built-in tools with source builtin; --no-builtin-tools leaves them out', async () => {
    const cwd = mkdtempSync(join(dir, 'builtin-'));
    const listed = JSON.parse((await runCli(['tools', '--json'], { cwd })).stdout) as Listing[];
    expect(listed.map((tool) => [tool.name, tool.source])).toEqual(
      ['current_time', 'read_file', 'list_directory', 'search_files', 'fetch_url', 'run_command', 'write_file'].map((name) => [name, 'builtin']),
    );
    expect(listed.find((tool) => tool.name === 'read_file')?.inputSchema).toMatchObject({ properties: { path: {}, offset: {}, limit: {} }, required: ['path'] });
    expect(listed.find((tool) => tool.name === 'search_files')?.inputSchema).toMatchObject({ properties: { pattern: {}, path: {}, glob: {} }, required: ['pattern'] });
    expect(listed.find((tool) => tool.name === 'run_command')?.inputSchema).toMatchObject({ properties: { command: {}, cwd: {} }, required: ['command'] });
    const without = JSON.parse((await runCli(['tools', '--json', '--no-builtin-tools', '--tools', TEST_TOOLS], { cwd })).stdout) as Listing[];
    expect(without.map((tool) => tool.source)).toEqual(['module', 'module', 'module']);
  });

  it('refuses two tools with the same name, saying how to fix it (exit 4)', async () => {
    const result = await runCli(['tools', '--tools', TEST_TOOLS, '--tools', TEST_TOOLS], { cwd: mkdtempSync(join(dir, 'dup-')) });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/Two tools are named "\w+" \(module and module\)\. Rename one/);
  });

  it('--mcp-url lists the tools of a remote MCP server, sending every --header', async () => {
    const lookup = tool({ name: 'lookup', description: 'Looks a word up.', input: z.object({ word: z.string() }), execute: ({ word }) => word });
    await using served = await serveTools([lookup], {
      transport: { port: 0, authorize: (request) => request.headers['x-token'] === 'secret' },
      serverInfo: { name: 'dictionary', version: '1.0.0' },
    });
    const url = served.url!.href;
    const cwd = mkdtempSync(join(dir, 'http-'));
    const result = await runCli(['tools', '--json', '--mcp-url', url, '--header', 'X-Token=secret'], { cwd });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toContainEqual({
      name: 'lookup',
      description: 'Looks a word up.',
      inputSchema: expect.objectContaining({ type: 'object', required: ['word'] }),
      source: 'mcp:dictionary',
    });
    const refused = await runCli(['tools', '--mcp-url', url], { cwd });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/^tandem: MCP server \(http:\/\/127\.0\.0\.1:\d+\/mcp\) failed to start: /);
  });
});
