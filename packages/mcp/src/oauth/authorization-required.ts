import { McpOAuthError } from '../errors/mcp-oauth-error.js';

/** What a 401 or a 403 `insufficient_scope` answer asked for. @internal */
export interface AuthorizationChallenge {
  readonly status: 401 | 403;
  /** `scope` of the `WWW-Authenticate` challenge. */
  readonly scope?: string;
  /** `resource_metadata` of the challenge. */
  readonly resourceMetadataUrl?: URL;
  /** The access token the refused request carried (to tell whether another call renewed it since). */
  readonly sentToken?: string;
}

/** Authorizes for one challenge (browser flow, refresh or client credentials). @internal */
export type Authorize = (signal: AbortSignal | undefined) => Promise<void>;

const AUTHORIZE = Symbol('tandem.mcp.authorize');
const CHALLENGE = Symbol('tandem.mcp.challenge');

/** At most this many authorizations for one call (connect, or one request). */
export const MAX_AUTHORIZATIONS_PER_CALL = 3;

/**
 * The error a request fails with when the server wants (more) authorization. It carries the way to
 * authorize, which the client runs outside any request timeout before sending the request again.
 * @internal
 */
export function authorizationRequired(server: string, challenge: AuthorizationChallenge, authorize: Authorize): McpOAuthError {
  const error = new McpOAuthError({
    code: 'MCP_OAUTH_AUTHORIZATION_REQUIRED',
    server,
    message:
      challenge.status === 401
        ? `MCP server ${server} asked for authorization (HTTP 401); the request is sent again once authorized.`
        : `MCP server ${server} asked for more scope (HTTP 403 insufficient_scope${challenge.scope === undefined ? '' : `, scope "${challenge.scope}"`}); the request is sent again once authorized.`,
  });
  Object.defineProperties(error, {
    [AUTHORIZE]: { value: authorize, enumerable: false },
    [CHALLENGE]: { value: challenge, enumerable: false },
  });
  return error;
}

/**
 * When `error` says the server wants authorization, authorizes (outside any request timeout) and resolves
 * `true`: send the request again. Resolves `false` for any other error. After
 * {@link MAX_AUTHORIZATIONS_PER_CALL} authorizations for one call it throws `MCP_OAUTH_TOO_MANY_ATTEMPTS`.
 * @internal
 */
export async function authorizeForRetry(error: unknown, authorizationsSoFar: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (!McpOAuthError.isInstance(error)) return false;
  const authorize = (error as unknown as { [AUTHORIZE]?: Authorize })[AUTHORIZE];
  const challenge = (error as unknown as { [CHALLENGE]?: AuthorizationChallenge })[CHALLENGE];
  if (authorize === undefined || challenge === undefined) return false;
  if (authorizationsSoFar >= MAX_AUTHORIZATIONS_PER_CALL) {
    throw new McpOAuthError({
      code: 'MCP_OAUTH_TOO_MANY_ATTEMPTS',
      server: error.server,
      message:
        `MCP server ${error.server} still refused the request after ${authorizationsSoFar} authorizations (last answer: HTTP ` +
        `${challenge.status}${challenge.status === 403 ? ' insufficient_scope' : ''}${challenge.scope === undefined ? '' : `, scope "${challenge.scope}"`}). ` +
        'The account may lack the permission: check it with the server administrator.',
    });
  }
  await authorize(signal);
  return true;
}
