// Every failure of the OAuth flow is a typed McpOAuthError that says what to do — and no error, cause or
// log line ever contains a token or a secret.
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followAuthorization, startOAuthServer, type OAuthServer } from '../__fixtures__/oauth-server.js';
import { McpOAuthError } from '../errors/mcp-oauth-error.js';
import { getHttpTools } from '../get-http-tools.js';
import { mcpOAuth } from './mcp-oauth.js';
import { memoryTokenStorage } from './token-storage.js';

let server: OAuthServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.stop();
  server = undefined;
});

async function failure(promise: Promise<unknown>): Promise<McpOAuthError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(McpOAuthError.isInstance(error), `expected an McpOAuthError, got ${inspect(error)}`).toBe(true);
  return error as McpOAuthError;
}

/** Everything a user could see of an error: message, name, causes, inspect and JSON output. */
function everything(error: unknown): string {
  const parts: string[] = [inspect(error, { depth: 10, showHidden: true }), String(error), JSON.stringify(error)];
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) parts.push(cause.message, cause.stack ?? '');
  return parts.join('\n');
}

describe('McpOAuthError', () => {
  it('MCP_OAUTH_DISCOVERY_FAILED when the server names no authorization server and none is found', async () => {
    server = await startOAuthServer({ metadata: false });
    const error = await failure(getHttpTools(server.mcpUrl, { auth: mcpOAuth({ onAuthorizationUrl: followAuthorization }) }));
    expect(error.code).toBe('MCP_OAUTH_DISCOVERY_FAILED');
    expect(error.message).toMatch(/no OAuth authorization server could be found/);
    expect(error.server).toBe(server.mcpUrl);
  });

  it('MCP_OAUTH_REGISTRATION_REFUSED when there is no registration endpoint and no clientId', async () => {
    server = await startOAuthServer({ registration: 'absent' });
    const error = await failure(getHttpTools(server.mcpUrl, { auth: mcpOAuth({ onAuthorizationUrl: followAuthorization }) }));
    expect(error.code).toBe('MCP_OAUTH_REGISTRATION_REFUSED');
    expect(error.message).toMatch(/pass its `clientId`/);
  });

  it('MCP_OAUTH_REGISTRATION_REFUSED when registration is refused', async () => {
    server = await startOAuthServer({ registration: 'refuse' });
    const error = await failure(getHttpTools(server.mcpUrl, { auth: mcpOAuth({ onAuthorizationUrl: followAuthorization }) }));
    expect(error.code).toBe('MCP_OAUTH_REGISTRATION_REFUSED');
    expect(error.message).toMatch(/registration is closed/);
  });

  it('MCP_OAUTH_ACCESS_DENIED and MCP_OAUTH_SCOPE_DENIED from the authorization redirect', async () => {
    server = await startOAuthServer({ authorize: 'access_denied' });
    const denied = await failure(getHttpTools(server.mcpUrl, { auth: mcpOAuth({ onAuthorizationUrl: followAuthorization }) }));
    expect(denied.code).toBe('MCP_OAUTH_ACCESS_DENIED');
    server.settings.authorize = 'invalid_scope';
    const scope = await failure(getHttpTools(server.mcpUrl, { auth: mcpOAuth({ onAuthorizationUrl: followAuthorization }) }));
    expect(scope.code).toBe('MCP_OAUTH_SCOPE_DENIED');
  });

  it('MCP_OAUTH_ISSUER_MISMATCH when the authorization response names another issuer (RFC 9207, compared exactly)', async () => {
    server = await startOAuthServer({ iss: 'correct' });
    await (await getHttpTools(server.mcpUrl, { auth: mcpOAuth({ onAuthorizationUrl: followAuthorization }) })).close();
    server.settings.iss = 'wrong'; // the issuer with a trailing slash: not the same identifier
    const error = await failure(getHttpTools(server.mcpUrl, { auth: mcpOAuth({ onAuthorizationUrl: followAuthorization }) }));
    expect(error.code).toBe('MCP_OAUTH_ISSUER_MISMATCH');
    expect(server.requests.filter((request) => request.path === '/token')).toHaveLength(1); // the code was never exchanged
  });

  it('MCP_OAUTH_TOO_MANY_ATTEMPTS after three authorizations for one call', async () => {
    server = await startOAuthServer({ growingScope: true });
    let shown = 0;
    const auth = mcpOAuth({ onAuthorizationUrl: (url) => ((shown += 1), followAuthorization(url)) });
    await using tools = await getHttpTools(server.mcpUrl, { auth });
    expect(shown).toBe(1);
    const error = await failure(tools.client.callTool('whoami', {}));
    expect(error.code).toBe('MCP_OAUTH_TOO_MANY_ATTEMPTS');
    expect(shown).toBe(4); // the sign-in for the connection, then 3 for this call
  });

  it('MCP_OAUTH_INVALID_OPTIONS for options that cannot work', () => {
    expect(() => mcpOAuth({ redirectUrl: 'https://app.example/callback' })).toThrow(expect.objectContaining({ code: 'MCP_OAUTH_INVALID_OPTIONS' }));
    expect(() => mcpOAuth({ clientMetadataUrl: 'http://app.example/client.json' })).toThrow(/https URL with a path/);
    expect(() => mcpOAuth({ grantType: 'client_credentials', clientId: 'x' })).toThrow(/clientSecret/);
  });

  it('never contains a token or a secret, and nothing is logged', async () => {
    server = await startOAuthServer({ refreshFails: true });
    const logged: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map((arg) => inspect(arg)).join(' ')));
    }
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (logged.push(String(chunk)), true));

    // A stored, expired token whose refresh the server refuses with a description echoing the refresh token.
    const storage = memoryTokenStorage();
    const issuer = server.baseUrl; // the authorization server the stored values are bound to
    const stale = { access_token: 'at-stale-0123456789', refresh_token: 'rt-secret-refresh-0123456789', token_type: 'Bearer', issuer };
    await storage.save(server.mcpUrl, { tokens: stale, expiresAt: Date.now() - 60_000, clientInformation: { client_id: 'c1', issuer } });
    const errors: unknown[] = [];
    const auth = mcpOAuth({ storage, onAuthorizationUrl: () => Promise.reject(new Error('no browser here')) });
    errors.push(await failure(getHttpTools(server.mcpUrl, { auth, onError: (error) => errors.push(error) })));

    // Client credentials refused, the server echoing the secret it got.
    server.settings.clientSecret = 'something-else';
    const secret = 'cc-secret-value-0123456789';
    const cc = mcpOAuth({ clientId: 'registered-client', clientSecret: secret, grantType: 'client_credentials' });
    const refused = await failure(getHttpTools(server.mcpUrl, { auth: cc, onError: (error) => errors.push(error) }));
    expect(refused.code).toBe('MCP_OAUTH_TOKEN_REFUSED');
    expect(refused.message).toContain('[redacted]'); // the server's echo of the secret was scrubbed
    errors.push(refused);
    stderr.mockRestore();

    const seen = [...errors.map(everything), ...logged].join('\n');
    expect(seen).toContain('invalid_client'); // the errors do say what happened …
    for (const value of [stale.access_token, stale.refresh_token, secret, ...server.issued]) {
      expect(seen).not.toContain(value); // … but never with a credential
    }
    expect(logged.filter((line) => !line.includes('To authorize access'))).toEqual([]);
  });
});
