import { McpOAuthError } from '../errors/mcp-oauth-error.js';
import type { McpOAuthOptions } from './mcp-oauth-options.js';
import { McpOAuthProvider } from './mcp-oauth-provider.js';

/**
 * OAuth for remote MCP servers, as the MCP authorization specification asks of clients. Pass the result as
 * `auth` to `getHttpTools()` (or to an `McpClient` HTTP transport); it is the SDK's `OAuthClientProvider`,
 * built on the SDK's own discovery, registration, PKCE and token exchange.
 *
 * - Discovery: protected resource metadata (from the `WWW-Authenticate` challenge, then the well-known
 *   paths), authorization server metadata (OAuth and OpenID Connect, with path insertion), and the
 *   2025-03-26 fallbacks (`/authorize`, `/token`, `/register` at the server root).
 * - Client: a client ID metadata document (`clientMetadataUrl`) when the server supports them, else the
 *   pre-registered `clientId`, else dynamic registration.
 * - Grant: `client_credentials` when a `clientSecret` is given and `grantType: 'client_credentials'` is set
 *   or the server offers no `authorization_code`; else the browser flow (authorization code with PKCE): a
 *   listener on `redirectUrl` (loopback only, default a free port) captures the code, checking `state`,
 *   and is closed after use. The flow completes inside the call that needed it.
 * - Scope from the challenge, else `scopes_supported`, else `scope`; a 403 `insufficient_scope`
 *   re-authorizes with the wider scope and retries the call (at most 3 authorizations per call).
 * - Tokens (refreshed before they expire) and registrations go to `storage` (memory by default).
 * - The RFC 8707 `resource` is sent with every authorization and token request; a server whose metadata
 *   names another resource is refused.
 *
 * Failures are {@link McpOAuthError}s that never contain a token or a secret.
 *
 * @example
 * ```ts
 * import { homedir } from 'node:os';
 * import { fileTokenStorage, getHttpTools, mcpOAuth } from '@tandem/mcp';
 *
 * await using tools = await getHttpTools('https://mcp.example.com/mcp', {
 *   auth: mcpOAuth({
 *     onAuthorizationUrl: (url) => console.log(`Sign in at ${url.href}`),
 *     storage: fileTokenStorage(`${homedir()}/.my-app/mcp-oauth.json`),
 *   }),
 * });
 * ```
 *
 * @category OAuth
 */
export function mcpOAuth(options: McpOAuthOptions = {}): McpOAuthProvider {
  validate(options);
  return new McpOAuthProvider(options);
}

function validate(options: McpOAuthOptions): void {
  const invalid = (message: string): McpOAuthError => new McpOAuthError({ code: 'MCP_OAUTH_INVALID_OPTIONS', server: 'any', message });
  if (options.grantType === 'client_credentials' && (options.clientId === undefined || options.clientSecret === undefined)) {
    throw invalid("mcpOAuth({ grantType: 'client_credentials' }) needs the `clientId` and `clientSecret` of a client registered with the authorization server.");
  }
  if (options.clientSecret !== undefined && options.clientId === undefined) {
    throw invalid('mcpOAuth() got a `clientSecret` without its `clientId`.');
  }
  if (options.clientMetadataUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(options.clientMetadataUrl);
    } catch {
      url = undefined;
    }
    if (url?.protocol !== 'https:' || url.pathname === '/') {
      throw invalid(`mcpOAuth({ clientMetadataUrl }) must be an https URL with a path (the client ID metadata document), got "${options.clientMetadataUrl}".`);
    }
  }
  if (options.redirectUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(options.redirectUrl);
    } catch {
      url = undefined;
    }
    const loopback = url !== undefined && url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    if (!loopback) {
      throw invalid(`mcpOAuth({ redirectUrl }) must be a loopback http URL such as http://127.0.0.1:8765/callback, got "${String(options.redirectUrl)}".`);
    }
  }
  const timeout = options.authorizationTimeoutMs;
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0)) {
    throw invalid(`mcpOAuth({ authorizationTimeoutMs }) must be a positive number of milliseconds, got ${timeout}.`);
  }
}
