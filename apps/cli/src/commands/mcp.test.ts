// Remote MCP servers behind OAuth from the built `tandem` binary: `mcp login` (the test plays the browser
// by opening the printed URL), the stored token used by later commands without signing in again, `mcp
// logout`, sign-in on a 401 without login, client_credentials from the config — and no token or secret in
// any output.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cleanEnv, fileLines, runCli, type CliResult } from '../__fixtures__/cli.js';
import { followAuthorization, printedAuthorizationUrl, startOAuthServer, type OAuthServer } from '../__fixtures__/mcp-oauth-server.js';

let dir: string;
let server: OAuthServer | undefined;
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tandem-mcp-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

function project(config: unknown): { readonly cwd: string; readonly env: NodeJS.ProcessEnv; readonly home: string } {
  const cwd = mkdtempSync(join(dir, 'project-'));
  writeFileSync(join(cwd, 'tandem.config.json'), JSON.stringify(config));
  const home = join(cwd, 'home');
  return { cwd, env: cleanEnv({ TANDEM_HOME: home }), home };
}

/** Runs the CLI and, when it prints an authorization URL, opens it like a browser would. */
async function runSigningIn(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<CliResult & { readonly signedIn: boolean }> {
  let signedIn = false;
  const result = await runCli(args, {
    cwd,
    env,
    onSpawn: (child) => {
      let stderr = '';
      child.stderr?.on('data', (chunk: string) => {
        stderr += chunk;
        const url = printedAuthorizationUrl(stderr);
        if (url !== undefined && !signedIn) {
          signedIn = true;
          void followAuthorization(url);
        }
      });
    },
  });
  return { ...result, signedIn };
}

const paths = (requests: OAuthServer['requests']): string[] => requests.map((request) => `${request.method} ${request.path}`);

describe('tandem mcp login / logout', () => {
  it('signs in through the printed page, later commands use the stored token, logout removes it (0600 file)', async () => {
    server = await startOAuthServer();
    const { cwd, env, home } = project({ mcpServers: { secure: { url: server.mcpUrl } } });
    const tokens = join(home, 'mcp-tokens.json');
    const outputs: string[] = [];

    const login = await runSigningIn(['mcp', 'login', 'secure'], cwd, env);
    outputs.push(login.stdout, login.stderr);
    expect(login.signedIn).toBe(true);
    expect(login.code).toBe(0);
    expect(login.stderr).toContain('MCP server "secure" asks you to sign in. Open this URL in a browser on this machine:');
    expect(login.stdout).toContain(`Signed in to MCP server "secure" (${server.mcpUrl}). Its tokens are kept in ${tokens}`);
    expect(paths(server.requests)).toEqual(expect.arrayContaining(['POST /register', 'GET /authorize', 'POST /token']));
    expect(statSync(tokens).mode & 0o777).toBe(0o600);
    expect(statSync(home).mode & 0o777).toBe(0o700);
    const stored = JSON.parse(readFileSync(tokens, 'utf8')) as { servers: Record<string, { tokens?: { access_token?: string } }> };
    expect(server.issued).toContain(stored.servers[server.mcpUrl]?.tokens?.access_token);

    server.requests.length = 0;
    const tools = await runCli(['tools', '--json'], { cwd, env });
    outputs.push(tools.stdout, tools.stderr);
    expect(tools.stderr).toBe('');
    expect(tools.code).toBe(0);
    expect(JSON.parse(tools.stdout)).toContainEqual(expect.objectContaining({ name: 'whoami', source: 'mcp:secure' }));
    const run = await runCli(['run', 'whoami'], { cwd, env });
    outputs.push(run.stdout, run.stderr);
    expect(run.stdout).toContain('- whoami: scope:');
    expect(paths(server.requests).filter((path) => !path.endsWith(' /mcp'))).toEqual([]); // no discovery, no sign-in, no token request

    const logout = await runCli(['mcp', 'logout', 'secure'], { cwd, env });
    outputs.push(logout.stdout, logout.stderr);
    expect(logout.code).toBe(0);
    expect(logout.stdout).toBe(`Signed out of MCP server "secure" (${server.mcpUrl}): its tokens were removed from ${tokens}.\n`);
    expect((JSON.parse(readFileSync(tokens, 'utf8')) as { servers: Record<string, unknown> }).servers).toEqual({});
    expect(statSync(tokens).mode & 0o777).toBe(0o600);
    const again = await runCli(['mcp', 'logout', 'secure'], { cwd, env });
    expect(again.stdout).toBe(`No sign-in is stored for MCP server "secure" (${server.mcpUrl}).\n`);

    for (const output of outputs) for (const token of server.issued) expect(output).not.toContain(token);
  });

  it('signs in on a 401 without mcp login: the page is printed by the command that needed it', async () => {
    server = await startOAuthServer();
    const { cwd, env, home } = project({ mcpServers: { secure: { url: server.mcpUrl } } });
    const tools = await runSigningIn(['tools', '--json'], cwd, env);
    expect(tools.signedIn).toBe(true);
    expect(tools.code).toBe(0);
    expect(JSON.parse(tools.stdout)).toContainEqual(expect.objectContaining({ name: 'whoami', source: 'mcp:secure' }));
    expect(existsSync(join(home, 'mcp-tokens.json'))).toBe(true);
    for (const token of server.issued) expect(tools.stdout + tools.stderr).not.toContain(token);
  });

  it('opens the page with the platform opener when there is a display (here a stand-in xdg-open that plays the browser)', async () => {
    server = await startOAuthServer();
    const { cwd, env } = project({ mcpServers: { secure: { url: server.mcpUrl } } });
    const bin = join(cwd, 'bin');
    const opened = join(cwd, 'opened.log');
    mkdirSync(bin);
    const browser = `fetch(process.argv[1], { redirect: 'follow' }).then((page) => page.text())`;
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\necho "$1" >> '${opened}'\nexec '${process.execPath}' -e "${browser}" "$1"\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const result = await runCli(['mcp', 'login', 'secure'], { cwd, env: { ...env, DISPLAY: ':99', PATH: `${bin}:${env['PATH'] ?? ''}` } });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('A browser window was opened; if it did not appear, open this URL in a browser on this machine:');
    expect(fileLines(opened)).toEqual([printedAuthorizationUrl(result.stderr)]);
    expect(result.stdout).toContain('Signed in to MCP server "secure"');
  });

  it('client_credentials from the config signs in without a browser; a wrong secret fails (exit 4) without showing it', async () => {
    server = await startOAuthServer();
    const auth = { clientId: server.settings.clientId, clientSecret: server.settings.clientSecret, grantType: 'client_credentials' };
    const good = project({ mcpServers: { machine: { url: server.mcpUrl, auth } } });
    const login = await runCli(['mcp', 'login', 'machine'], good);
    expect(login.code).toBe(0);
    expect(login.stderr).toBe('');
    expect(login.stdout).toContain('Signed in to MCP server "machine"');
    expect(paths(server.requests)).not.toContain('GET /authorize');
    expect(server.requests.find((request) => request.path === '/token')).toBeDefined();

    const wrongSecret = 'wrong-secret-value-0123456789';
    const bad = project({ mcpServers: { machine: { url: server.mcpUrl, auth: { ...auth, clientSecret: wrongSecret } } } });
    for (const args of [['tools'], ['tools', '--verbose'], ['mcp', 'login', 'machine', '--verbose']]) {
      // --verbose adds the stack: still no secret.
      const failed = await runCli(args, bad);
      expect(failed.code).toBe(4);
      expect(failed.stderr).toMatch(
        new RegExp(`^tandem: (MCP server "machine" \\(${server.mcpUrl}\\) failed to start|Signing in to MCP server "machine" \\(${server.mcpUrl}\\) failed): .*The token endpoint .* refused the request`),
      );
      if (args[0] === 'tools') expect(failed.stderr).toContain('(tandem mcp logout machine forgets the stored sign-in; tandem mcp login machine signs in again)');
      expect(failed.stdout + failed.stderr).not.toContain(wrongSecret);
      expect(failed.stdout + failed.stderr).not.toContain(Buffer.from(`${auth.clientId}:${wrongSecret}`).toString('base64'));
    }
  });

  it('an unknown or stdio server is bad usage (exit 2); a bad "auth" entry is a config error naming the path (exit 3)', async () => {
    const { cwd, env } = project({ mcpServers: { local: { command: 'node', args: ['server.js'] }, remote: { url: 'http://127.0.0.1:9/mcp' } } });
    const unknown = await runCli(['mcp', 'login', 'nope'], { cwd, env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^tandem: Unknown MCP server "nope": .* \(.*tandem\.config\.json has these remote servers: remote\)\.\n$/);
    expect((await runCli(['mcp', 'logout', 'nope'], { cwd, env })).code).toBe(2);
    const stdio = await runCli(['mcp', 'login', 'local'], { cwd, env });
    expect(stdio.code).toBe(2);
    expect(stdio.stderr).toContain('MCP server "local" is started with a command (stdio); only servers with a "url" sign in with OAuth.');

    const bad = project({ mcpServers: { remote: { url: 'http://127.0.0.1:9/mcp', auth: { clientSecret: 's3cr3t-value', grantType: 'password', redirectUrl: 'https://example.com/cb', extra: 1 } } } });
    const config = await runCli(['mcp', 'login', 'remote'], bad);
    expect(config.code).toBe(3);
    expect(config.stderr).toContain('mcpServers.remote.auth.grantType: expected "authorization_code" or "client_credentials"');
    expect(config.stderr).toContain('mcpServers.remote.auth.redirectUrl: expected a loopback http URL');
    expect(config.stderr).toContain('mcpServers.remote.auth.extra: unknown key (expected one of: clientId, clientSecret, grantType, scope, clientMetadataUrl, redirectUrl)');
    expect(config.stderr).not.toContain('s3cr3t-value');
  });
});
