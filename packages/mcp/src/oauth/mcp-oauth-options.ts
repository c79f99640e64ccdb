import type { McpOAuthStorage } from './token-storage.js';

/**
 * Options of `mcpOAuth()`. All optional: with none, the client registers itself dynamically and signs in
 * through the browser flow, the URL going to stderr.
 *
 * @example
 * ```ts
 * const options: McpOAuthOptions = {
 *   clientId: 'tandem-cli',
 *   scope: 'files:read',
 *   onAuthorizationUrl: (url) => console.log(`Sign in: ${url.href}`),
 *   storage: fileTokenStorage(`${homedir()}/.my-app/mcp-oauth.json`),
 * };
 * ```
 *
 * @category OAuth
 */
export interface McpOAuthOptions {
  /** A client registered with the authorization server beforehand (no dynamic registration then). */
  readonly clientId?: string;
  /** The secret of `clientId` (a confidential client); enables `client_credentials`, see `grantType`. */
  readonly clientSecret?: string;
  /**
   * `client_credentials` (machine to machine, no browser; needs `clientId` and `clientSecret`) or
   * `authorization_code` (the browser flow with PKCE). Default: `client_credentials` when a `clientSecret`
   * is given and the authorization server does not offer `authorization_code`, else `authorization_code`.
   */
  readonly grantType?: 'authorization_code' | 'client_credentials';
  /**
   * An https URL (with a path) serving this client's metadata document: it becomes the client ID when the
   * authorization server advertises `client_id_metadata_document_supported`; otherwise registration (or
   * `clientId`) is used. The document's `redirect_uris` must allow the redirect URL.
   */
  readonly clientMetadataUrl?: string;
  /**
   * The scope to ask for when the server names none — neither in its `WWW-Authenticate` challenge nor in
   * its protected resource metadata's `scopes_supported`.
   */
  readonly scope?: string;
  /**
   * Where the authorization server redirects the browser: a loopback http URL the client listens on while
   * signing in. Default `http://127.0.0.1:<free port>/callback`.
   */
  readonly redirectUrl?: string | URL;
  /**
   * Shows or opens the authorization page. Called once the redirect listener is up; may be async and may
   * resolve only after the redirect arrived. Default: the URL is printed to stderr.
   */
  readonly onAuthorizationUrl?: (url: URL, context: { readonly signal: AbortSignal }) => void | Promise<void>;
  /** Where tokens and the client registration are kept. Default: in memory (`memoryTokenStorage()`). */
  readonly storage?: McpOAuthStorage;
  /** `client_name` in dynamic registration. Default `Tandem`. */
  readonly clientName?: string;
  /** How long to wait for the browser to come back to the redirect URL. Default 300 000 ms (5 minutes). */
  readonly authorizationTimeoutMs?: number;
}
