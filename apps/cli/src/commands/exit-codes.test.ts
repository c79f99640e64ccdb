// Exit codes of the built `tandem` binary: 2 bad usage, 3 bad config, 1 a provider HTTP error, 4 tools that fail to start.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProviderTestServer } from '@tandem/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cleanEnv, runCli } from '../__fixtures__/cli.js';

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tandem-exit-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function project(name: string, config: unknown): string {
  const folder = mkdtempSync(join(dir, `${name}-`));
  writeFileSync(join(folder, 'tandem.config.json'), typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return folder;
}

describe('exit code 2: bad usage', () => {
  it.each([
    [['--bogus'], /unknown option '--bogus'/],
    [['run', '--jsn', 'x'], /unknown option '--jsn'/],
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['run', '--max-steps', 'many', 'x'], /--max-steps.*positive whole number/],
    [['run'], /Missing prompt/],
    [['run', '--model', 'acme:fast', 'hi'], /Unknown provider "acme"/],
    [['run', '--mcp', 'node "unterminated', 'hi'], /unterminated " quote/],
  ])('tandem %j', async (args, message) => {
    const result = await runCli(args, { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });

  it('help and version exit 0', async () => {
    const help = await runCli(['--help'], { cwd: dir });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/offline demo model is a deterministic teaching model, not an LLM/);
    expect(help.stdout).toMatch(/Tool approval: calls of tools that need approval ask y\/n/);
    expect((await runCli(['--version'], { cwd: dir })).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    for (const line of [/--continue +chat\/run: resume the last session/, /--session <id> +chat\/run: resume \(or start\)/, /--trace +export OpenTelemetry spans/, /^ {2}sessions +list, show and remove/m, /^ {2}mcp +sign in to and out of/m]) {
      expect(help.stdout).toMatch(line);
    }
    const sessions = await runCli(['sessions', '--help'], { cwd: dir });
    expect(sessions.stdout).toMatch(/list \[options\][\s\S]*show \[options\] <id>[\s\S]*rm <id>/);
    const mcp = await runCli(['mcp'], { cwd: dir });
    expect(mcp.code).toBe(2);
    expect(mcp.stderr).toMatch(/login <server>[\s\S]*logout <server>/);
  });
});

describe('exit code 3: bad config', () => {
  it('names the file, the field and what was expected, in one line', async () => {
    const folder = project('bad', { maxSteps: 0, mcpServers: { fs: { command: 'x', disabled: true } } });
    const result = await runCli(['run', 'hi'], { cwd: folder });
    expect(result.code).toBe(3);
    const file = join(folder, 'tandem.config.json');
    expect(result.stderr).toBe(
      `tandem: Invalid config ${file}: maxSteps: expected a positive whole number; mcpServers.fs.disabled: unknown key (expected one of: command, args, env, cwd, url, headers, timeoutMs, toolPrefix, auth, type)\n`,
    );
  });

  it('also for invalid JSON, a --config file that does not exist, and a provider package that cannot be loaded', async () => {
    expect((await runCli(['run', 'hi'], { cwd: project('json', '{ "model": ') })).code).toBe(3);
    const missing = await runCli(['run', 'hi', '--config', 'nope.json'], { cwd: dir });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/Cannot read config .*nope\.json/);
    const provider = await runCli(['run', 'hi'], { cwd: project('provider', { providers: ['@acme/not-installed'] }) });
    expect(provider.code).toBe(3);
    expect(provider.stderr).toMatch(/providers\[0\]: cannot load "@acme\/not-installed"/);
  });
});

describe('exit code 1: provider HTTP error', () => {
  it.each([
    [400, { error: { message: "The model 'nope' does not exist", type: 'invalid_request_error', param: 'model', code: 'model_not_found' } }],
    [500, { error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } }],
  ])('a %i from an OpenAI-compatible server configured with baseURL', async (status, body) => {
    await using server = await ProviderTestServer.start();
    server.setFallback({ type: 'json', status, body });
    const folder = project(`http-${String(status)}`, {
      model: 'local:nope',
      providers: [{ package: '@tandem/providers-openai', name: 'local', options: { baseURL: server.baseURL('/v1'), apiKey: 'sk-test-secret-key', maxRetries: 0 } }],
    });
    const result = await runCli(['run', 'hello'], { cwd: folder });
    expect(result.code).toBe(1);
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/v1/responses' });
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer sk-test-secret-key');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^tandem: APICallError: /);
    expect(result.stderr).toContain(body.error.message);
    expect(result.stderr + result.stdout).not.toContain('sk-test-secret-key');
    const json = await runCli(['run', '--json', 'hello'], { cwd: folder });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout.trimEnd().split('\n').at(-1) ?? '{}')).toMatchObject({ type: 'result', stopReason: 'error', error: { name: 'APICallError', code: 'API_CALL_ERROR' } });
  });

  it('a missing key is a provider error too, and names the variable', async () => {
    const result = await runCli(['run', '--model', 'anthropic', 'hello'], { cwd: dir, env: cleanEnv() });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/ANTHROPIC_API_KEY/);
  });
});

describe('exit code 4: tools that fail to start', () => {
  it('a tool module that cannot be loaded or exports no tool', async () => {
    const missing = await runCli(['run', 'hi', '--tools', './missing.mjs'], { cwd: dir });
    expect(missing.code).toBe(4);
    expect(missing.stderr).toMatch(/Tool module .*missing\.mjs failed to load/);
    writeFileSync(join(dir, 'empty.mjs'), 'export const answer = 42;\n');
    const empty = await runCli(['run', 'hi', '--tools', 'empty.mjs'], { cwd: dir });
    expect(empty.code).toBe(4);
    expect(empty.stderr).toMatch(/exports no tools/);
  });

  it('an MCP server that does not start', async () => {
    const result = await runCli(['run', 'hi', '--mcp', 'node -e "process.exit(3)"'], { cwd: dir });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^tandem: MCP server \(node -e process.exit\(3\)\) failed to start/);
  });
});
