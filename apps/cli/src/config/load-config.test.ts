import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from '../errors/cli-error.js';
import { findConfig, loadConfig } from './load-config.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-config-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function write(config: unknown, name = 'tandem.config.json', where = dir): string {
  const file = join(where, name);
  writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config));
  return file;
}

function failure(run: () => unknown): CliError {
  try {
    run();
  } catch (error) {
    if (CliError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a CliError');
}

describe('loadConfig', () => {
  it('finds tandem.config.json upward from the working directory', () => {
    const file = write({ model: 'openai:gpt-5' });
    const nested = join(dir, 'a', 'b');
    mkdirSync(nested, { recursive: true });
    expect(findConfig(nested)).toBe(file);
    expect(loadConfig({ cwd: nested })).toMatchObject({ file, dir, model: 'openai:gpt-5' });
  });

  it('accepts a config file that starts with a UTF-8 byte-order mark', () => {
    write(`\uFEFF${JSON.stringify({ model: 'demo', maxSteps: 3 })}`);
    expect(loadConfig({ cwd: dir })).toMatchObject({ model: 'demo', maxSteps: 3 });
  });

  it('is empty without a config file', () => {
    expect(loadConfig({ cwd: dir, file: undefined }).file ?? findConfig(dir)).toBeUndefined();
  });

  it('reads the full shape, resolving relative paths from the config folder', () => {
    const file = write(
      {
        model: 'local:qwen3',
        system: 'Be brief.',
        maxSteps: 5,
        providers: ['@tandem/providers-openai', { package: '@tandem/providers-openai', name: 'local', options: { baseURL: 'http://127.0.0.1:8000/v1' } }, './my-provider.mjs'],
        tools: ['./tools.mjs'],
        mcpServers: {
          fs: { type: 'stdio', command: 'npx', args: ['-y', 'server'], env: { A: '1' }, timeoutMs: 5000, toolPrefix: 'fs_' },
          local: { command: './bin/server.sh', cwd: 'data' },
          remote: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' } },
          legacy: { type: 'sse', url: 'http://127.0.0.1:9000/sse' },
        },
      },
      'custom.json',
    );
    const config = loadConfig({ cwd: '/', file });
    expect(config).toMatchObject({
      file,
      model: 'local:qwen3',
      system: 'Be brief.',
      maxSteps: 5,
      providers: [
        { package: '@tandem/providers-openai' },
        { package: '@tandem/providers-openai', name: 'local', options: { baseURL: 'http://127.0.0.1:8000/v1' } },
        { package: join(dir, 'my-provider.mjs') },
      ],
      tools: [join(dir, 'tools.mjs')],
    });
    expect(config.mcpServers).toEqual({
      fs: { type: 'stdio', command: 'npx', args: ['-y', 'server'], env: { A: '1' }, timeoutMs: 5000, toolPrefix: 'fs_', cwd: dir },
      local: { command: join(dir, 'bin/server.sh'), cwd: join(dir, 'data') },
      remote: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' } },
      legacy: { type: 'sse', url: 'http://127.0.0.1:9000/sse' },
    });
  });

  it('names the file, the JSON path and what was expected', () => {
    const file = write({ maxSteps: 'ten', mcpServers: { fs: { command: 3 } }, providers: [{ package: 'p', name: 'has:colon' }] });
    const error = failure(() => loadConfig({ cwd: dir }));
    expect(error.exitCode).toBe(3);
    expect(error.message).toContain(`Invalid config ${file}: `);
    expect(error.message).toContain('maxSteps: expected a positive whole number');
    expect(error.message).toContain('mcpServers.fs.command: expected the command that starts the server, as a string');
    expect(error.message).toContain('providers[0].name: expected a provider name');
    expect(error.message.split('\n')).toHaveLength(1);
  });

  it('rejects unknown keys with their path and the allowed keys', () => {
    write({ modle: 'x', mcpServers: { fs: { command: 'x', disabled: true }, web: { url: 'https://x.example/mcp', oauth: 'y' } }, providers: [{ package: 'p', opts: {} }] });
    const { message } = failure(() => loadConfig({ cwd: dir }));
    expect(message).toContain('modle: unknown key (expected one of: model, system, maxSteps, providers, tools, mcpServers, agents, agent)');
    expect(message).toContain('mcpServers.fs.disabled: unknown key');
    expect(message).toContain('mcpServers.web.oauth: unknown key');
    expect(message).toContain('providers[0].opts: unknown key (expected one of: package, name, options)');
  });

  it('validates the OAuth settings of a remote server, naming the path', () => {
    write({ mcpServers: { ok: { url: 'https://x.example/mcp', auth: { clientId: 'cli', scope: 'read', redirectUrl: 'http://127.0.0.1:8765/callback' } } } });
    expect(loadConfig({ cwd: dir }).mcpServers['ok']).toEqual({ url: 'https://x.example/mcp', auth: { clientId: 'cli', scope: 'read', redirectUrl: 'http://127.0.0.1:8765/callback' } });
    write({
      mcpServers: {
        a: { url: 'https://x.example/mcp', auth: 'y' },
        b: { url: 'https://x.example/mcp', auth: { clientSecret: 'x', clientMetadataUrl: 'http://x.example/client.json' } },
        c: { url: 'https://x.example/mcp', auth: { clientId: 'x', grantType: 'client_credentials', clientMetadataUrl: 'https://x.example/' } },
      },
    });
    const { message } = failure(() => loadConfig({ cwd: dir }));
    expect(message).toContain('mcpServers.a.auth: expected an object');
    expect(message).toContain('mcpServers.b.auth.clientId: expected the clientId that goes with clientSecret');
    expect(message).toContain('mcpServers.b.auth.clientMetadataUrl: expected the https URL of the client ID metadata document');
    expect(message).toContain('mcpServers.c.auth.clientSecret: expected a clientSecret (and clientId): grantType "client_credentials" needs them');
    expect(message).toContain('mcpServers.c.auth.clientMetadataUrl: expected the https URL of the client ID metadata document, with a path');
  });

  it('accepts type only with its matching shape', () => {
    write({ mcpServers: { a: { type: 'http', command: 'x' }, b: { type: 'stdio', url: 'https://x.example' }, c: { url: 'ftp://x' } } });
    const { message } = failure(() => loadConfig({ cwd: dir }));
    expect(message).toContain('mcpServers.a.url: expected an http(s) URL');
    expect(message).toContain('mcpServers.b.type: expected "http" or "sse"');
    expect(message).toContain('mcpServers.c.url: expected an http(s) URL');
  });

  it('reads named agents and the entry agent (default the first)', () => {
    write({
      agents: {
        router: { system: 'Route.', handoffs: ['billing'] },
        billing: { system: 'Bill.', description: 'Invoices.', tools: ['read_file'], handoffs: ['router'], model: 'openai:gpt-5' },
      },
    });
    const config = loadConfig({ cwd: dir });
    expect(Object.keys(config.agents ?? {})).toEqual(['router', 'billing']);
    expect(config.agents?.['billing']).toEqual({ system: 'Bill.', description: 'Invoices.', tools: ['read_file'], handoffs: ['router'], model: 'openai:gpt-5' });
    expect(config.agent).toBe('router');
    write({ agents: { a: { system: 'A' }, b: { system: 'B' } }, agent: 'b' });
    expect(loadConfig({ cwd: dir }).agent).toBe('b');
  });

  it('names the path of a malformed agent: unknown keys, a missing system', () => {
    write({ agents: { router: { system: 'Route.', prompt: 'x' }, mute: {} } });
    const error = failure(() => loadConfig({ cwd: dir }));
    expect(error.exitCode).toBe(3);
    expect(error.message).toContain('agents.router.prompt: unknown key (expected one of: system, description, tools, handoffs, model)');
    expect(error.message).toContain('agents.mute.system: expected the agent\'s system prompt as a string');
  });

  it('names the path of an unknown handoff target or entry agent, and of a handoff to itself', () => {
    write({ agents: { router: { system: 'Route.', handoffs: ['billing', 'router'] }, mute: { system: 'Shh.' } }, agent: 'nobody' });
    const error = failure(() => loadConfig({ cwd: dir }));
    expect(error.exitCode).toBe(3);
    expect(error.message).toContain('agents.router.handoffs[0]: expected one of the agents: router, mute');
    expect(error.message).toContain('agents.router.handoffs[1]: expected another agent');
    expect(error.message).toContain('agent: expected one of the agents: router, mute');
  });

  it('reports invalid JSON, a missing --config file, and a config that is not an object', () => {
    write('{ "model": ');
    expect(failure(() => loadConfig({ cwd: dir })).message).toMatch(/tandem\.config\.json: not valid JSON/);
    expect(failure(() => loadConfig({ cwd: dir, file: 'missing.json' })).message).toMatch(/Cannot read config .*missing\.json/);
    write('[]');
    expect(failure(() => loadConfig({ cwd: dir })).message).toMatch(/\(top level\): expected a JSON object/);
  });
});
