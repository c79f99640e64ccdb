// A loopback OAuth 2.1 authorization server (RFC 8414 metadata, RFC 7591 registration, authorization code
// with PKCE S256, refresh and client_credentials grants, RFC 8707 resource) in front of a protected MCP
// server (RFC 9728 metadata, Bearer challenges, 403 insufficient_scope), in one node:http server. Every
// request is recorded; behaviour is switched per test through `settings`.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface RecordedOAuthRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  readonly form: URLSearchParams;
  readonly json: Record<string, unknown> | undefined;
}

export interface OAuthServerSettings {
  /** Serve protected resource and authorization server metadata. Default true. */
  metadata: boolean;
  registration: 'allow' | 'absent' | 'refuse';
  grantTypes: string[];
  tokenEndpointAuthMethods: string[];
  /** What /authorize does: redirect with a code, or with an error. */
  authorize: 'code' | 'access_denied' | 'invalid_scope';
  /** RFC 9207: no `iss` in the authorization response, the right one (advertised), or a wrong one (advertised). */
  iss: 'none' | 'correct' | 'wrong';
  /** Lifetime of issued access tokens, seconds. */
  expiresIn: number;
  /** A refresh request fails with this error description (echoing what it got, like careless servers do). */
  refreshFails: boolean;
  /** Scope a `tools/call` needs; a token without it gets 403 insufficient_scope. */
  toolScope: string | undefined;
  /** Each 403 names one more scope than the last (a server that is never satisfied). */
  growingScope: boolean;
  /** Pre-registered confidential client. */
  clientId: string;
  clientSecret: string;
}

export interface OAuthServer {
  readonly baseUrl: string;
  readonly mcpUrl: string;
  /** The same tools over the legacy HTTP+SSE transport (GET /sse, POST /messages), also protected. */
  readonly sseUrl: string;
  readonly requests: RecordedOAuthRequest[];
  readonly settings: OAuthServerSettings;
  /** Access tokens issued so far (to check none leaks). */
  readonly issued: string[];
  /** Makes an access token the MCP endpoint accepts, with its scope. */
  grant(scope: string): string;
  /** Revokes every access token (refresh tokens stay valid). */
  revoke(): void;
  stop(): Promise<void>;
}

export async function startOAuthServer(overrides: Partial<OAuthServerSettings> = {}): Promise<OAuthServer> {
  const settings: OAuthServerSettings = {
    metadata: true,
    registration: 'allow',
    grantTypes: ['authorization_code', 'refresh_token', 'client_credentials'],
    tokenEndpointAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    authorize: 'code',
    iss: 'none',
    expiresIn: 3600,
    refreshFails: false,
    toolScope: undefined,
    growingScope: false,
    clientId: 'registered-client',
    clientSecret: 'registered-secret-0123456789',
    ...overrides,
  };
  const requests: RecordedOAuthRequest[] = [];
  const issued: string[] = [];
  const tokens = new Map<string, string>(); // access token → scope
  const refreshTokens = new Map<string, string>(); // refresh token → scope
  const codes = new Map<string, { challenge: string; scope: string; redirectUri: string }>();
  let challenges = 0;
  let base = '';

  const grant = (scope: string): string => {
    const token = `at-${randomBytes(12).toString('hex')}`;
    tokens.set(token, scope);
    issued.push(token);
    return token;
  };
  const issue = (response: ServerResponse, scope: string): void => {
    const refresh = `rt-${randomBytes(12).toString('hex')}`;
    refreshTokens.set(refresh, scope);
    issued.push(refresh);
    json(response, 200, { access_token: grant(scope), token_type: 'Bearer', expires_in: settings.expiresIn, refresh_token: refresh, scope });
  };

  const legacySessions = new Map<string, SSEServerTransport>();
  /** The caller's scope, or undefined after answering 401. */
  const authenticate = (request: IncomingMessage, response: ServerResponse, resource: string): string | undefined => {
    const resourceMetadata = `${base}/.well-known/oauth-protected-resource/${resource}`;
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const scope = bearer === undefined ? undefined : tokens.get(bearer);
    if (scope === undefined) {
      response.setHeader('WWW-Authenticate', settings.metadata ? `Bearer resource_metadata="${resourceMetadata}"` : 'Bearer');
      json(response, 401, { error: 'invalid_token' });
    }
    return scope;
  };
  const toolServer = (scope: string): McpServer => {
    const server = new McpServer({ name: 'oauth-fixture', version: '1.0.0' });
    server.registerTool('whoami', { description: 'The scope of the caller.' }, () => ({ content: [{ type: 'text', text: `scope: ${scope}` }] }));
    return server;
  };
  const legacy = async (request: IncomingMessage, response: ServerResponse, url: URL, body: unknown): Promise<void> => {
    if (url.pathname === '/sse' && request.method !== 'GET') return json(response, 405, { error: 'use GET' }); // an older server
    const scope = authenticate(request, response, 'sse');
    if (scope === undefined) return;
    if (url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', response);
      legacySessions.set(transport.sessionId, transport);
      response.on('close', () => legacySessions.delete(transport.sessionId));
      return toolServer(scope).connect(transport);
    }
    const transport = legacySessions.get(url.searchParams.get('sessionId') ?? '');
    if (transport === undefined) return json(response, 404, { error: 'no session' });
    return transport.handlePostMessage(request, response, body);
  };

  const mcp = async (request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> => {
    const resourceMetadata = `${base}/.well-known/oauth-protected-resource/mcp`;
    const scope = authenticate(request, response, 'mcp');
    if (scope === undefined) return;
    const method = (body as { method?: string } | undefined)?.method;
    const needed = settings.growingScope ? `tools:${(challenges += 1)}` : settings.toolScope;
    if (method === 'tools/call' && needed !== undefined && !scope.split(' ').includes(needed)) {
      response.setHeader('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${needed}", resource_metadata="${resourceMetadata}"`);
      return json(response, 403, { error: 'insufficient_scope' });
    }
    const server = toolServer(scope);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  };

  const token = (request: IncomingMessage, response: ServerResponse, form: URLSearchParams): void => {
    const grantType = form.get('grant_type');
    if (form.get('resource') !== `${base}/mcp` && form.get('resource') !== `${base}/sse`) return json(response, 400, { error: 'invalid_target', error_description: 'resource missing' });
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (code === undefined || code.challenge !== challenge || code.redirectUri !== form.get('redirect_uri')) {
        return json(response, 400, { error: 'invalid_grant', error_description: 'bad code or verifier' });
      }
      return issue(response, code.scope);
    }
    if (grantType === 'refresh_token') {
      const presented = form.get('refresh_token') ?? '';
      const scope = refreshTokens.get(presented);
      if (settings.refreshFails || scope === undefined) {
        return json(response, 400, { error: 'invalid_grant', error_description: `refresh token ${presented} is not valid` });
      }
      return issue(response, scope);
    }
    if (grantType === 'client_credentials') {
      const basic = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      if (basic !== `${settings.clientId}:${settings.clientSecret}`) {
        return json(response, 401, { error: 'invalid_client', error_description: `unknown client credentials ${basic}` });
      }
      return issue(response, form.get('scope') ?? '');
    }
    return json(response, 400, { error: 'unsupported_grant_type' });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', base);
    const text = await readBody(request);
    const isJson = (request.headers['content-type'] ?? '').includes('json');
    const recorded: RecordedOAuthRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      form: isJson ? new URLSearchParams() : new URLSearchParams(text),
      json: isJson && text !== '' ? (JSON.parse(text) as Record<string, unknown>) : undefined,
    };
    requests.push(recorded);
    const path = url.pathname;
    if (path === '/mcp') return mcp(request, response, recorded.json);
    if (path === '/sse' || path === '/messages') return legacy(request, response, url, recorded.json);
    const resource = /^\/\.well-known\/oauth-protected-resource\/(mcp|sse)$/.exec(path)?.[1];
    if (resource !== undefined && settings.metadata) {
      return json(response, 200, { resource: `${base}/${resource}`, authorization_servers: [base] });
    }
    if (path === '/.well-known/oauth-authorization-server' && settings.metadata) {
      return json(response, 200, {
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        ...(settings.registration === 'absent' ? {} : { registration_endpoint: `${base}/register` }),
        response_types_supported: ['code'],
        grant_types_supported: settings.grantTypes,
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: settings.tokenEndpointAuthMethods,
        ...(settings.iss === 'none' ? {} : { authorization_response_iss_parameter_supported: true }),
      });
    }
    if (path === '/register' && request.method === 'POST' && settings.metadata && settings.registration !== 'absent') {
      if (settings.registration === 'refuse') return json(response, 400, { error: 'invalid_client_metadata', error_description: 'registration is closed' });
      return json(response, 201, { ...recorded.json, client_id: `dyn-${randomBytes(4).toString('hex')}`, token_endpoint_auth_method: 'none' });
    }
    if (path === '/authorize' && settings.metadata) {
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
      redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (settings.iss !== 'none') redirect.searchParams.set('iss', settings.iss === 'correct' ? base : `${base}/`);
      if (settings.authorize !== 'code') {
        redirect.searchParams.set('error', settings.authorize);
        redirect.searchParams.set('error_description', 'the user said no');
      } else {
        const code = `code-${randomBytes(8).toString('hex')}`;
        codes.set(code, {
          challenge: url.searchParams.get('code_challenge') ?? '',
          scope: url.searchParams.get('scope') ?? '',
          redirectUri: url.searchParams.get('redirect_uri') ?? '',
        });
        redirect.searchParams.set('code', code);
      }
      response.writeHead(302, { Location: redirect.href }).end();
      return;
    }
    if (path === '/token' && request.method === 'POST' && settings.metadata) return token(request, response, recorded.form);
    json(response, 404, { error: 'not_found' });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: 'server_error', error_description: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: base,
    mcpUrl: `${base}/mcp`,
    sseUrl: `${base}/sse`,
    requests,
    settings,
    issued,
    grant,
    revoke: () => tokens.clear(),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A headless "browser" for `onAuthorizationUrl`: opens the page and follows the redirect to the listener. */
export async function followAuthorization(url: URL): Promise<void> {
  const page = await fetch(url, { redirect: 'follow' });
  await page.text();
}
