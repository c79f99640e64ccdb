import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { McpOAuthError, type McpOAuthErrorCode } from '../errors/mcp-oauth-error.js';
import { scrubbedCause, scrubSecrets } from './scrub-secrets.js';

/** Which kind of request the flow sent last, to tell which step failed. @internal */
export type OAuthStep = 'discovery' | 'registration' | 'token' | undefined;

/** What {@link toOAuthError} knows about the failed flow. @internal */
export interface FailureContext {
  /** The MCP server's display name. */
  readonly server: string;
  /** The authorization server URL discovery settled on, if it got that far. */
  readonly authorizationServer?: string;
  /** Whether authorization server metadata was found. */
  readonly hasMetadata: boolean;
  readonly lastStep: OAuthStep;
  /** The scope the flow asked for. */
  readonly scope?: string;
  /** Every secret the flow knows: none of them may appear in the error. */
  readonly secrets: readonly (string | undefined)[];
}

/**
 * Turns whatever the SDK's auth flow threw into an {@link McpOAuthError} that says which step failed and
 * what to do, with secrets scrubbed from the message and the cause. The one place OAuth failures are worded.
 * @internal
 */
export function toOAuthError(error: unknown, context: FailureContext): McpOAuthError {
  if (McpOAuthError.isInstance(error)) return error;
  const { server, secrets } = context;
  const as = context.authorizationServer ?? 'the authorization server';
  const detail = scrubSecrets(describe(error), secrets);
  const make = (code: McpOAuthErrorCode, message: string): McpOAuthError =>
    new McpOAuthError({ code, server, message, cause: scrubbedCause(error, secrets) });
  const oauthCode = error instanceof OAuthError ? error.errorCode : undefined;
  const message = error instanceof Error ? error.message : '';

  if (error instanceof TypeError && /fetch failed|network/i.test(message)) {
    const step = context.lastStep === 'token' ? 'token endpoint' : context.lastStep === 'registration' ? 'registration endpoint' : 'metadata';
    return make('MCP_OAUTH_FAILED', `Could not reach the ${step} of ${as} while authorizing with MCP server ${server} (${detail}${causeText(error, secrets)}). Check the network and try again.`);
  }
  if (oauthCode === 'access_denied') {
    return make('MCP_OAUTH_ACCESS_DENIED', `Authorization for MCP server ${server} was denied by ${as} (${detail}). Sign in again and approve the access the application asks for.`);
  }
  if (oauthCode === 'invalid_scope') {
    return make(
      'MCP_OAUTH_SCOPE_DENIED',
      `${as} refused the scope ${context.scope === undefined ? '(none)' : `"${context.scope}"`} for MCP server ${server} (${detail}). ` +
        'Ask its administrator for that access, or set `scope` in mcpOAuth() to scopes the server grants.',
    );
  }
  if (/does not support dynamic client registration/.test(message)) {
    return make(
      'MCP_OAUTH_REGISTRATION_REFUSED',
      `${as} (for MCP server ${server}) offers no dynamic client registration. Register a client with it and pass its ` +
        '`clientId` (and `clientSecret`) to mcpOAuth(), or `clientMetadataUrl` if it supports client ID metadata documents.',
    );
  }
  if (/^Protected resource .* does not match/.test(message)) {
    return make('MCP_OAUTH_RESOURCE_MISMATCH', `${detail}. Authorization for MCP server ${server} was stopped; check the server URL.`);
  }
  if (!context.hasMetadata && context.lastStep !== 'token' && (oauthCode === undefined || oauthCode === 'server_error')) {
    return make(
      'MCP_OAUTH_DISCOVERY_FAILED',
      `MCP server ${server} requires authorization, but no OAuth authorization server could be found for it: it serves no ` +
        `protected resource metadata (RFC 9728) naming one, and ${as} serves no authorization server metadata ` +
        `(RFC 8414 or OpenID Connect discovery); the fallback endpoints failed too (${detail}). Check the URL, or pass ` +
        'a token in `headers` if the server does not use OAuth.',
    );
  }
  if (context.lastStep === 'registration' || oauthCode === 'invalid_client_metadata' || oauthCode === 'invalid_redirect_uri') {
    return make(
      'MCP_OAUTH_REGISTRATION_REFUSED',
      `${as} refused to register this client for MCP server ${server} (${detail}). Register a client with it yourself and pass ` +
        'its `clientId` (and `clientSecret`) to mcpOAuth().',
    );
  }
  if (context.lastStep === 'token' || oauthCode !== undefined) {
    return make(
      'MCP_OAUTH_TOKEN_REFUSED',
      `The token endpoint of ${as} refused the request for MCP server ${server} (${detail}). Check \`clientId\` and ` +
        '`clientSecret`; to sign in from scratch, remove the stored tokens (`storage.remove(serverUrl)`).',
    );
  }
  return make('MCP_OAUTH_FAILED', `Authorizing with MCP server ${server} failed: ${detail}.`);
}

function causeText(error: Error, secrets: readonly (string | undefined)[]): string {
  const cause = error.cause;
  return cause instanceof Error ? `: ${scrubSecrets(cause.message, secrets)}` : '';
}

function describe(error: unknown): string {
  if (error instanceof OAuthError) {
    return error.message.length > 0 ? `${error.errorCode}: ${error.message}` : error.errorCode;
  }
  return error instanceof Error ? error.message : String(error);
}
