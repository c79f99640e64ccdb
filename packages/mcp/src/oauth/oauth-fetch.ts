import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpOAuthError } from '../errors/mcp-oauth-error.js';
import { loadAuthSdk } from '../mcp-sdk.js';
import { authorize, refreshIfExpired } from './authorization-flow.js';
import { authorizationRequired, type AuthorizationChallenge } from './authorization-required.js';
import type { McpOAuthProvider } from './mcp-oauth-provider.js';

/**
 * The fetch an MCP transport uses with an `mcpOAuth()` provider: it renews an expired token before
 * sending, adds `Authorization: Bearer …`, and turns a 401 (or a 403 `insufficient_scope`) answer to a
 * POST into an `MCP_OAUTH_AUTHORIZATION_REQUIRED` error that carries the way to authorize — the client
 * authorizes outside the request's timeout and sends the request again. A GET (the server-to-client
 * stream) gets the 401 response as is; its challenge is kept for {@link OAuthFetch.takeChallenge}.
 * Discovery and token requests use `base` directly, never this fetch.
 * @internal
 */
export interface OAuthFetch {
  readonly fetch: FetchLike;
  /** The last 401 a GET got, as an `MCP_OAUTH_AUTHORIZATION_REQUIRED` error (once). */
  takeChallenge(): McpOAuthError | undefined;
}

/** @internal */
export function oauthFetch(provider: McpOAuthProvider, serverUrl: URL, base: FetchLike): OAuthFetch {
  const server = provider.bind(serverUrl);
  let pendingGet: AuthorizationChallenge | undefined;
  const authorizeFor = (challenge: AuthorizationChallenge) => (signal: AbortSignal | undefined) =>
    authorize(provider, challenge, { fetch: base, signal });

  const fetch: FetchLike = async (input, init) => {
    await refreshIfExpired(provider, { fetch: base, signal: init?.signal ?? undefined });
    const token = (await provider.tokens())?.access_token;
    const headers = new Headers(init?.headers);
    if (token !== undefined) headers.set('Authorization', `Bearer ${token}`);
    const response = await base(input, { ...init, headers });
    // A 401/403 is rare: only then load the SDK's header parser.
    const challenge = response.status === 401 || response.status === 403 ? challengeOf(response, token, await loadAuthSdk()) : undefined;
    if (challenge === undefined) return response;
    if ((init?.method ?? 'GET').toUpperCase() === 'GET') {
      pendingGet = challenge;
      return response;
    }
    await response.body?.cancel().catch(() => undefined);
    throw authorizationRequired(server.name, challenge, authorizeFor(challenge));
  };

  return {
    fetch,
    takeChallenge() {
      const challenge = pendingGet;
      pendingGet = undefined;
      return challenge === undefined ? undefined : authorizationRequired(server.name, challenge, authorizeFor(challenge));
    },
  };
}

function challengeOf(response: Response, sentToken: string | undefined, sdk: Awaited<ReturnType<typeof loadAuthSdk>>): AuthorizationChallenge | undefined {
  if (response.status !== 401 && response.status !== 403) return undefined;
  const { resourceMetadataUrl, scope, error } = sdk.extractWWWAuthenticateParams(response);
  if (response.status === 403 && error !== 'insufficient_scope') return undefined;
  return {
    status: response.status,
    ...(scope === undefined ? {} : { scope }),
    ...(resourceMetadataUrl === undefined ? {} : { resourceMetadataUrl }),
    ...(sentToken === undefined ? {} : { sentToken }),
  };
}
