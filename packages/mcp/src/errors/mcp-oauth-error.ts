import { TandemError } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.McpOAuthError');

/**
 * What went wrong while authorizing with an MCP server:
 *
 * - `MCP_OAUTH_INVALID_OPTIONS`: the options of `mcpOAuth()` cannot work (e.g. a non-loopback `redirectUrl`).
 * - `MCP_OAUTH_DISCOVERY_FAILED`: no authorization server could be found for the server.
 * - `MCP_OAUTH_RESOURCE_MISMATCH`: the server's protected resource metadata names another resource.
 * - `MCP_OAUTH_ISSUER_MISMATCH`: authorization server metadata, or an authorization response (RFC 9207
 *   `iss`), names another issuer than the authorization server asked.
 * - `MCP_OAUTH_REGISTRATION_REFUSED`: the authorization server offers no dynamic client registration, or refused it.
 * - `MCP_OAUTH_TOKEN_REFUSED`: the token endpoint refused the client or the grant.
 * - `MCP_OAUTH_ACCESS_DENIED`: the user (or the server) denied the authorization request.
 * - `MCP_OAUTH_SCOPE_DENIED`: the authorization server refused the requested scope.
 * - `MCP_OAUTH_REDIRECT_TIMEOUT`: no redirect reached the loopback listener in time (an {@link McpOAuthTimeoutError}).
 * - `MCP_OAUTH_TOO_MANY_ATTEMPTS`: one call needed more than three authorizations.
 * - `MCP_OAUTH_AUTHORIZATION_REQUIRED`: a request was answered 401/403 and is authorized then retried by the
 *   client; it only reaches you through `onError` (e.g. for the server-to-client event stream).
 * - `MCP_OAUTH_FAILED`: any other failure of the flow.
 *
 * @example
 * ```ts
 * const code: McpOAuthErrorCode = 'MCP_OAUTH_SCOPE_DENIED';
 * ```
 *
 * @category Errors
 */
export type McpOAuthErrorCode =
  | 'MCP_OAUTH_INVALID_OPTIONS'
  | 'MCP_OAUTH_DISCOVERY_FAILED'
  | 'MCP_OAUTH_RESOURCE_MISMATCH'
  | 'MCP_OAUTH_ISSUER_MISMATCH'
  | 'MCP_OAUTH_REGISTRATION_REFUSED'
  | 'MCP_OAUTH_TOKEN_REFUSED'
  | 'MCP_OAUTH_ACCESS_DENIED'
  | 'MCP_OAUTH_SCOPE_DENIED'
  | 'MCP_OAUTH_REDIRECT_TIMEOUT'
  | 'MCP_OAUTH_TOO_MANY_ATTEMPTS'
  | 'MCP_OAUTH_AUTHORIZATION_REQUIRED'
  | 'MCP_OAUTH_FAILED';

/**
 * Constructor options of {@link McpOAuthError}.
 *
 * @example
 * ```ts
 * throw new McpOAuthError({ code: 'MCP_OAUTH_FAILED', server: 'https://mcp.example.com/mcp', message: 'It failed.' });
 * ```
 *
 * @category Errors
 */
export interface McpOAuthErrorOptions {
  readonly code: McpOAuthErrorCode;
  readonly message: string;
  /** The MCP server's display name (its URL without query). */
  readonly server: string;
  /** Never holds a token or a secret: causes are rebuilt from their scrubbed messages. */
  readonly cause?: unknown;
}

/**
 * Authorizing with an OAuth-protected MCP server failed. `code` says which step failed, the message says
 * what to do. Neither the message nor the `cause` ever contains an access token, a refresh token, a
 * client secret, an authorization code or a PKCE verifier.
 *
 * @example
 * ```ts
 * try {
 *   await getHttpTools(url, { auth: mcpOAuth() });
 * } catch (error) {
 *   if (McpOAuthError.isInstance(error) && error.code === 'MCP_OAUTH_ACCESS_DENIED') console.error('Sign-in was cancelled.');
 *   else throw error;
 * }
 * ```
 *
 * @category Errors
 */
export class McpOAuthError extends TandemError {
  declare readonly code: McpOAuthErrorCode;
  /** The MCP server's display name. */
  readonly server: string;
  declare private readonly [BRAND]: true;

  constructor(options: McpOAuthErrorOptions) {
    super(options.code, { message: options.message, cause: options.cause });
    this[BRAND] = true;
    this.name = 'McpOAuthError';
    this.server = options.server;
  }

  /** True when `error` is an {@link McpOAuthError} (or an {@link McpOAuthTimeoutError}), from any copy of the package. */
  static override isInstance(error: unknown): error is McpOAuthError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}

const TIMEOUT_BRAND = Symbol.for('tandem.error.McpOAuthTimeoutError');

/**
 * Constructor options of {@link McpOAuthTimeoutError}.
 *
 * @example
 * ```ts
 * throw new McpOAuthTimeoutError({ server: 'https://mcp.example.com/mcp', redirectUrl: 'http://127.0.0.1:53682/callback', timeoutMs: 300_000 });
 * ```
 *
 * @category Errors
 */
export interface McpOAuthTimeoutErrorOptions {
  readonly server: string;
  /** Where the listener waited for the redirect. */
  readonly redirectUrl: string;
  readonly timeoutMs: number;
}

/**
 * The browser flow did not come back: no authorization redirect reached the loopback listener within
 * `authorizationTimeoutMs`. The listener is closed. Code `MCP_OAUTH_REDIRECT_TIMEOUT`.
 *
 * @example
 * ```ts
 * const auth = mcpOAuth({ authorizationTimeoutMs: 10 * 60_000 }); // give people ten minutes to sign in
 * ```
 *
 * @category Errors
 */
export class McpOAuthTimeoutError extends McpOAuthError {
  /** Where the listener waited for the redirect. */
  readonly redirectUrl: string;
  /** How long it waited. */
  readonly timeoutMs: number;
  declare private readonly [TIMEOUT_BRAND]: true;

  constructor(options: McpOAuthTimeoutErrorOptions) {
    super({
      code: 'MCP_OAUTH_REDIRECT_TIMEOUT',
      server: options.server,
      message:
        `No authorization redirect reached ${options.redirectUrl} within ${Math.round(options.timeoutMs / 1000)} s while ` +
        `authorizing with MCP server ${options.server}. Open the authorization URL (it went to \`onAuthorizationUrl\`) in a ` +
        `browser on this machine and finish signing in, or raise \`authorizationTimeoutMs\`.`,
    });
    this[TIMEOUT_BRAND] = true;
    this.name = 'McpOAuthTimeoutError';
    this.redirectUrl = options.redirectUrl;
    this.timeoutMs = options.timeoutMs;
  }

  /** True when `error` is an {@link McpOAuthTimeoutError}, from any copy of the package. */
  static override isInstance(error: unknown): error is McpOAuthTimeoutError {
    return typeof error === 'object' && error !== null && TIMEOUT_BRAND in error;
  }
}
