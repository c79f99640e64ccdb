import { bytesToBase64 } from '@tandem/core/runtime';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import { checkResourceAllowed, resourceUrlFromServerUrl } from '@modelcontextprotocol/sdk/shared/auth-utils.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { McpOAuthError } from '../errors/mcp-oauth-error.js';
import type { McpOAuthOptions } from './mcp-oauth-options.js';
import { memoryTokenStorage, type McpOAuthRecord, type McpOAuthStorage } from './token-storage.js';

/** Stands in for the redirect URL while no listener runs (a refresh never redirects). */
const PLACEHOLDER_REDIRECT = 'http://127.0.0.1/callback';

/** The server a provider serves, bound on first use. @internal */
export interface BoundServer {
  readonly url: URL;
  /** Storage key: the URL without fragment. */
  readonly key: string;
  /** Display name: origin and path. */
  readonly name: string;
}

/**
 * The SDK `OAuthClientProvider` that `mcpOAuth()` returns: it keeps tokens and the client registration in
 * its storage, decides between the browser flow and `client_credentials`, and validates the resource the
 * server claims to be. The flow itself (listener, refresh, step-up) runs when `getHttpTools()` or
 * `McpClient` use it. Use one provider per MCP server.
 *
 * @example
 * ```ts
 * const auth: McpOAuthProvider = mcpOAuth({ clientId: 'my-app' });
 * await using tools = await getHttpTools('https://mcp.example.com/mcp', { auth });
 * ```
 *
 * @category OAuth
 */
export class McpOAuthProvider implements OAuthClientProvider {
  /** The client ID metadata document URL, when one was configured. */
  readonly clientMetadataUrl?: string;
  /** @internal */
  readonly options: McpOAuthOptions;
  /** Where tokens and registrations are kept. */
  readonly storage: McpOAuthStorage;
  /** @internal The bound server. */
  server: BoundServer | undefined;
  /** @internal The redirect URL of the running listener. */
  listenerUrl: URL | undefined;
  /** @internal Called with the authorization URL during an interactive flow; unset during a refresh. */
  onRedirect: ((url: URL) => void) | undefined;
  /** @internal Called with each new `state`. */
  onState: ((state: string) => void) | undefined;
  /** @internal The scope of the flow in progress. */
  flowScope: string | undefined;
  private record: McpOAuthRecord | undefined;
  private loaded = false;
  private discovery: OAuthDiscoveryState | undefined;
  private verifier: string | undefined;
  private clientCredentials: boolean;

  /** @internal Use `mcpOAuth()`. */
  constructor(options: McpOAuthOptions) {
    this.options = options;
    this.storage = options.storage ?? memoryTokenStorage();
    if (options.clientMetadataUrl !== undefined) this.clientMetadataUrl = options.clientMetadataUrl;
    this.clientCredentials = options.grantType === 'client_credentials';
  }

  /** `undefined` for `client_credentials` (no browser); else the loopback redirect URL. */
  get redirectUrl(): string | undefined {
    if (this.clientCredentials) return undefined;
    return (this.listenerUrl ?? this.options.redirectUrl ?? PLACEHOLDER_REDIRECT).toString();
  }

  /** The metadata sent in dynamic client registration. */
  get clientMetadata(): OAuthClientMetadata {
    const redirect = this.redirectUrl;
    const supported = this.discovery?.authorizationServerMetadata?.token_endpoint_auth_methods_supported;
    const authMethod =
      supported === undefined || supported.includes('none') ? 'none' : supported.includes('client_secret_basic') ? 'client_secret_basic' : supported[0];
    const metadata = {
      client_name: this.options.clientName ?? 'Tandem',
      redirect_uris: redirect === undefined ? [] : [redirect],
      grant_types: this.clientCredentials ? ['client_credentials'] : ['authorization_code', 'refresh_token'],
      response_types: this.clientCredentials ? [] : ['code'],
      token_endpoint_auth_method: authMethod,
      // OpenID Connect registration: a client with a loopback redirect is a native application.
      application_type: 'native',
      ...(this.options.scope === undefined ? {} : { scope: this.options.scope }),
    };
    return metadata;
  }

  /** A fresh random `state` per authorization request; the listener only accepts a redirect carrying it. */
  state(): string {
    const state = bytesToBase64(crypto.getRandomValues(new Uint8Array(24))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    this.onState?.(state);
    return state;
  }

  /** The stored registration, else `clientId` (unless a client ID metadata document is used instead). */
  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const stored = (await this.load()).clientInformation;
    if (stored !== undefined) return stored;
    const { clientId, clientSecret } = this.options;
    if (clientId === undefined || this.usesMetadataDocument()) return undefined;
    return clientSecret === undefined ? { client_id: clientId } : { client_id: clientId, client_secret: clientSecret };
  }

  /** Keeps a dynamic registration (or the metadata document URL as client ID); `clientId` is never stored. */
  async saveClientInformation(information: OAuthClientInformationMixed): Promise<void> {
    if (information.client_id === this.options.clientId && information.client_id !== this.clientMetadataUrl) return;
    await this.update({ clientInformation: information });
  }

  /** The stored tokens. */
  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.load()).tokens;
  }

  /** Stores tokens as issued, with their expiry time. */
  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const expiresAt = tokens.expires_in === undefined ? undefined : Date.now() + tokens.expires_in * 1000;
    const resource = this.discovery === undefined ? (await this.load()).resource : this.discovery.resourceMetadata?.resource;
    await this.update({ tokens, expiresAt, resource });
  }

  /** Hands the URL to the flow in progress, which shows it through `onAuthorizationUrl`. */
  redirectToAuthorization(authorizationUrl: URL): void {
    this.onRedirect?.(authorizationUrl);
  }

  /** Keeps the PKCE verifier of the authorization request in progress (memory only). */
  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  /** The PKCE verifier of the authorization request in progress. */
  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('No authorization request is in progress (no PKCE verifier).');
    return this.verifier;
  }

  /** For `client_credentials`: the grant with the scope of the flow; else the SDK's authorization code exchange. */
  prepareTokenRequest(scope?: string): URLSearchParams | undefined {
    if (!this.clientCredentials) return undefined;
    const params = new URLSearchParams({ grant_type: 'client_credentials' });
    const wanted = this.flowScope ?? scope;
    if (wanted !== undefined && wanted !== '') params.set('scope', wanted);
    return params;
  }

  /** Forgets what the SDK found invalid. */
  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
    if (scope === 'all') await this.update({ tokens: undefined, expiresAt: undefined, resource: undefined, clientInformation: undefined });
    if (scope === 'client') await this.update({ clientInformation: undefined });
    if (scope === 'tokens') await this.update({ tokens: undefined, expiresAt: undefined, resource: undefined });
  }

  /**
   * Checks the resource the server claims to be (RFC 9728 `resource` must be this server or a parent of it,
   * same origin) and settles the grant type, before anything is sent to the authorization server.
   */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    const server = this.requireServer();
    const claimed = state.resourceMetadata?.resource;
    if (claimed !== undefined && !checkResourceAllowed({ requestedResource: resourceUrlFromServerUrl(server.url), configuredResource: claimed })) {
      throw new McpOAuthError({
        code: 'MCP_OAUTH_RESOURCE_MISMATCH',
        server: server.name,
        message:
          `MCP server ${server.name} says (in its protected resource metadata) that it is the resource ${claimed}, which is not ` +
          'this server. Authorization was stopped so that no token for another resource is requested. Check the server URL.',
      });
    }
    const issuer = state.authorizationServerMetadata?.issuer;
    if (state.resourceMetadata !== undefined && issuer !== undefined && !sameIssuer(issuer, state.authorizationServerUrl)) {
      // RFC 8414 §3.3: metadata naming another issuer than the one it was fetched for must not be used.
      throw new McpOAuthError({
        code: 'MCP_OAUTH_ISSUER_MISMATCH',
        server: server.name,
        message:
          `The authorization server metadata fetched for ${state.authorizationServerUrl} (named by MCP server ${server.name}) ` +
          `says its issuer is ${issuer}. It was not used. The authorization server is misconfigured, or the response was tampered with.`,
      });
    }
    const grants = state.authorizationServerMetadata?.grant_types_supported ?? ['authorization_code', 'implicit'];
    this.clientCredentials =
      this.options.grantType === 'client_credentials' ||
      (this.options.grantType === undefined && this.options.clientSecret !== undefined && !grants.includes('authorization_code'));
    this.discovery = state;
  }

  /** What discovery found (memory only). */
  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  /** @internal True once `client_credentials` is the grant. */
  get usesClientCredentials(): boolean {
    return this.clientCredentials;
  }

  /** @internal The access token and its expiry. */
  async current(): Promise<McpOAuthRecord> {
    return this.load();
  }

  /** @internal Binds the provider to its MCP server (one provider per server). */
  bind(url: URL): BoundServer {
    const key = new URL(url.href);
    key.hash = '';
    if (this.server !== undefined) {
      if (this.server.key === key.href) return this.server;
      throw new McpOAuthError({
        code: 'MCP_OAUTH_INVALID_OPTIONS',
        server: `${key.origin}${key.pathname}`,
        message: `This mcpOAuth() provider already serves ${this.server.name}; create one mcpOAuth() per MCP server.`,
      });
    }
    this.server = { url: new URL(url.href), key: key.href, name: `${key.origin}${key.pathname}` };
    return this.server;
  }

  /** @internal Restores tokens (after a step-up that failed). */
  async restoreTokens(record: McpOAuthRecord): Promise<void> {
    await this.update({ tokens: record.tokens, expiresAt: record.expiresAt, resource: record.resource });
  }

  /** @internal Forgets what discovery found, so the next flow sees a moved authorization server. */
  forgetDiscovery(): void {
    this.discovery = undefined;
  }

  private usesMetadataDocument(): boolean {
    return this.clientMetadataUrl !== undefined && this.discovery?.authorizationServerMetadata?.client_id_metadata_document_supported === true;
  }

  private requireServer(): BoundServer {
    if (this.server === undefined) {
      throw new McpOAuthError({
        code: 'MCP_OAUTH_INVALID_OPTIONS',
        server: 'unknown',
        message: 'This mcpOAuth() provider is not bound to an MCP server yet: pass it as `auth` to getHttpTools() or McpClient.',
      });
    }
    return this.server;
  }

  private async load(): Promise<McpOAuthRecord> {
    if (!this.loaded) {
      this.record = await this.storage.load(this.requireServer().key);
      this.loaded = true;
    }
    return this.record ?? {};
  }

  private async update(change: Partial<McpOAuthRecord>): Promise<void> {
    const next: McpOAuthRecord = { ...(await this.load()), ...change };
    const compact = Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined)) as McpOAuthRecord;
    this.record = compact;
    const key = this.requireServer().key;
    if (Object.keys(compact).length === 0) await this.storage.remove(key);
    else await this.storage.save(key, compact);
  }
}

/**
 * Issuer identifiers compared as URLs, tolerating one trailing slash (`https://as.example` = `https://as.example/`).
 * @internal
 */
export function sameIssuer(a: string, b: string): boolean {
  const normal = (value: string): string => {
    try {
      return new URL(value).href.replace(/\/$/, '');
    } catch {
      return value.replace(/\/$/, '');
    }
  };
  return normal(a) === normal(b);
}
