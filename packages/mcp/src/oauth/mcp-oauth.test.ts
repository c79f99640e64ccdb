// mcpOAuth() end to end through getHttpTools() / McpClient against a loopback authorization server and
// protected MCP server: the browser flow inside the call, refresh of expired tokens, client credentials,
// step-up, and closing while a person is signing in.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followAuthorization, startOAuthServer, type OAuthServer } from '../__fixtures__/oauth-server.js';
import { getHttpTools } from '../get-http-tools.js';
import { McpClient } from '../mcp-client.js';
import { McpConnectionError } from '../errors/mcp-connection-error.js';
import { mcpOAuth } from './mcp-oauth.js';
import { memoryTokenStorage } from './token-storage.js';

let server: OAuthServer;

beforeEach(async () => {
  server = await startOAuthServer();
});
afterEach(async () => {
  await server.stop();
});

const paths = (filter: (path: string) => boolean = () => true): string[] =>
  server.requests.filter((request) => filter(request.path)).map((request) => `${request.method} ${request.path}`);

async function isListening(url: URL): Promise<boolean> {
  try {
    await (await fetch(url)).text();
    return true;
  } catch {
    return false;
  }
}

describe('mcpOAuth()', () => {
  it('completes the browser flow inside getHttpTools(): discovery, registration, PKCE, token, then the call', async () => {
    let redirectUri: URL | undefined;
    const auth = mcpOAuth({
      onAuthorizationUrl: async (url) => {
        redirectUri = new URL(url.searchParams.get('redirect_uri') ?? '');
        // The listener is up before the URL is shown (a request without the state is refused, not failed).
        expect((await fetch(redirectUri)).status).toBe(400);
        await followAuthorization(url); // resolves only after the redirect reached the listener
      },
    });
    await using tools = await getHttpTools(server.mcpUrl, { auth });
    expect(tools.map((tool) => tool.name)).toEqual(['whoami']);
    expect(paths((path) => path !== '/mcp')).toEqual([
      'GET /.well-known/oauth-protected-resource/mcp',
      'GET /.well-known/oauth-authorization-server',
      'POST /register',
      'GET /authorize',
      'POST /token',
    ]);
    const authorizeRequest = server.requests.find((request) => request.path === '/authorize')!;
    expect(authorizeRequest.query.get('code_challenge_method')).toBe('S256');
    expect(authorizeRequest.query.get('resource')).toBe(server.mcpUrl);
    expect(authorizeRequest.query.get('state')?.length).toBeGreaterThan(20);
    expect(redirectUri?.hostname).toBe('127.0.0.1');
    expect(redirectUri?.pathname).toBe('/callback');
    expect(await isListening(redirectUri!)).toBe(false); // closed after use
    const result = await tools.client.callTool('whoami', {});
    expect(result.content).toEqual([{ type: 'text', text: 'scope: ' }]);
  });

  it('refreshes stored tokens that expired before using them, without a browser', async () => {
    const storage = memoryTokenStorage();
    const shown: URL[] = [];
    const first = mcpOAuth({ storage, onAuthorizationUrl: async (url) => (shown.push(url), followAuthorization(url)) });
    const tools = await getHttpTools(server.mcpUrl, { auth: first });
    await tools.close();
    expect(shown).toHaveLength(1);
    const record = (await storage.load(server.mcpUrl))!;
    await storage.save(server.mcpUrl, { ...record, expiresAt: Date.now() - 1000 });
    server.requests.length = 0;

    const second = mcpOAuth({ storage, onAuthorizationUrl: async (url) => (shown.push(url), followAuthorization(url)) });
    await using again = await getHttpTools(server.mcpUrl, { auth: second });
    expect(shown).toHaveLength(1); // no second sign-in
    const tokenRequests = server.requests.filter((request) => request.path === '/token');
    expect(tokenRequests.map((request) => request.form.get('grant_type'))).toEqual(['refresh_token']);
    expect(tokenRequests[0]!.form.get('refresh_token')).toBe(record.tokens?.refresh_token);
    expect(tokenRequests[0]!.form.get('resource')).toBe(server.mcpUrl); // the resource the tokens were issued for
    // The refresh happened before the first MCP request, which already carried the new token.
    const firstMcp = server.requests.findIndex((request) => request.path === '/mcp');
    expect(firstMcp).toBeGreaterThan(server.requests.indexOf(tokenRequests[0]!));
    const renewed = (await storage.load(server.mcpUrl))!;
    expect(renewed.tokens?.access_token).not.toBe(record.tokens?.access_token);
    expect(renewed.expiresAt).toBeGreaterThan(Date.now());
    for (const request of server.requests.filter((r) => r.path === '/mcp')) {
      expect(request.headers.authorization).toBe(`Bearer ${renewed.tokens?.access_token}`);
    }
    await again.client.callTool('whoami', {});
  });

  it('uses client_credentials when a secret is given and grantType says so: no browser, Basic authentication', async () => {
    const auth = mcpOAuth({
      clientId: server.settings.clientId,
      clientSecret: server.settings.clientSecret,
      grantType: 'client_credentials',
      onAuthorizationUrl: () => {
        throw new Error('no browser expected');
      },
    });
    await using tools = await getHttpTools(server.mcpUrl, { auth });
    expect(tools).toHaveLength(1);
    const token = server.requests.find((request) => request.path === '/token')!;
    expect(token.form.get('grant_type')).toBe('client_credentials');
    expect(token.headers.authorization).toMatch(/^Basic /);
    expect(paths((path) => path === '/register' || path === '/authorize')).toEqual([]);
  });

  it('re-authorizes with the wider scope on 403 insufficient_scope and retries the call', async () => {
    server.settings.toolScope = 'tools:write';
    const scopes: (string | null)[] = [];
    const auth = mcpOAuth({ onAuthorizationUrl: async (url) => (scopes.push(url.searchParams.get('scope')), followAuthorization(url)) });
    await using tools = await getHttpTools(server.mcpUrl, { auth });
    const result = await tools.client.callTool('whoami', {});
    expect(result.content).toEqual([{ type: 'text', text: 'scope: tools:write' }]);
    expect(scopes).toEqual([null, 'tools:write']);
  });

  it('signs in for a legacy HTTP+SSE server whose event stream answers 401', async () => {
    let shown = 0;
    const auth = mcpOAuth({ onAuthorizationUrl: (url) => ((shown += 1), followAuthorization(url)) });
    await using tools = await getHttpTools(server.sseUrl, { auth });
    expect(shown).toBe(1);
    expect(server.requests.find((request) => request.path === '/authorize')?.query.get('resource')).toBe(server.sseUrl);
    const result = await tools.client.callTool('whoami', {});
    expect(result.content).toEqual([{ type: 'text', text: 'scope: ' }]);
    const stream = server.requests.filter((request) => request.path === '/sse' && request.method === 'GET');
    expect(stream.map((request) => request.headers.authorization === undefined)).toEqual([true, false]);
  });

  it('concurrent calls refused with a revoked token share one renewal', async () => {
    const auth = mcpOAuth({ onAuthorizationUrl: followAuthorization });
    await using tools = await getHttpTools(server.mcpUrl, { auth });
    server.revoke();
    server.requests.length = 0;
    const results = await Promise.all([1, 2, 3].map(() => tools.client.callTool('whoami', {})));
    expect(results).toHaveLength(3);
    expect(server.requests.filter((request) => request.path === '/token').map((request) => request.form.get('grant_type'))).toEqual(['refresh_token']);
    expect(server.requests.filter((request) => request.path === '/authorize')).toEqual([]);
  });

  it("aborting a call stops the sign-in it started: the call rejects with the signal's reason, the listener closes", async () => {
    server.settings.toolScope = 'tools:write';
    let stepUp: URL | undefined;
    let shown!: () => void;
    const urlShown = new Promise<void>((resolve) => (shown = resolve));
    const auth = mcpOAuth({
      onAuthorizationUrl: async (url) => {
        if (url.searchParams.get('scope') === null) return followAuthorization(url);
        stepUp = new URL(url.searchParams.get('redirect_uri') ?? '');
        shown(); // the person does not come back
      },
    });
    await using tools = await getHttpTools(server.mcpUrl, { auth });
    const controller = new AbortController();
    const call = tools.client.callTool('whoami', {}, { signal: controller.signal });
    const settled = expect(call).rejects.toBe('user cancelled');
    await urlShown;
    expect(await isListening(stepUp!)).toBe(true);
    controller.abort('user cancelled');
    await settled;
    expect(await isListening(stepUp!)).toBe(false);
  });

  it('close() stops a sign-in that waits for a person: the listener closes and connect() rejects', async () => {
    let redirectUri: URL | undefined;
    let shown!: () => void;
    const urlShown = new Promise<void>((resolve) => (shown = resolve));
    const auth = mcpOAuth({
      onAuthorizationUrl: (url) => {
        redirectUri = new URL(url.searchParams.get('redirect_uri') ?? '');
        shown(); // … and the person never comes back
      },
    });
    const client = new McpClient({ transport: { type: 'http', url: server.mcpUrl, auth } });
    const connecting = client.connect();
    const rejected = expect(connecting).rejects.toSatisfy((error) => McpConnectionError.isInstance(error));
    await urlShown;
    expect(await isListening(redirectUri!)).toBe(true);
    await client.close();
    await rejected;
    expect(await isListening(redirectUri!)).toBe(false);
  });
});
