import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { McpOAuthError } from '../errors/mcp-oauth-error.js';
import { loadAuthSdk } from '../mcp-sdk.js';
import type { AuthorizationChallenge } from './authorization-required.js';
import { LoopbackRedirect, type RedirectResult } from './loopback-redirect.js';
import { sameIssuer, type McpOAuthProvider } from './mcp-oauth-provider.js';
import { toOAuthError, type OAuthStep } from './oauth-failure.js';
import { showAuthorizationUrl } from './show-authorization-url.js';

const DEFAULT_AUTHORIZATION_TIMEOUT_MS = 300_000;
/** An access token this close to its expiry is renewed before use. */
const EXPIRY_MARGIN_MS = 30_000;

/** The authorization (or refresh) in progress per provider: concurrent callers share it. */
const inFlight = new WeakMap<McpOAuthProvider, { readonly promise: Promise<void>; readonly interactive: boolean }>();

/**
 * Authorizes for a 401 or 403 `insufficient_scope` challenge with the SDK's own flow (`auth()`: discovery,
 * registration, PKCE, token exchange, refresh, `client_credentials`), completing the browser flow here:
 * the loopback listener is up before `onAuthorizationUrl` is called, and the code it captures is exchanged
 * at once. Concurrent callers share one flow. Throws an {@link McpOAuthError}.
 * @internal
 */
export async function authorize(
  provider: McpOAuthProvider,
  challenge: AuthorizationChallenge,
  options: { readonly fetch: FetchLike; readonly signal?: AbortSignal },
): Promise<void> {
  for (let running = inFlight.get(provider); running !== undefined; running = inFlight.get(provider)) {
    try {
      await untilAborted(running.promise, options.signal);
      return; // another call's flow just authorized: send the request again
    } catch (error) {
      if (options.signal?.aborted === true) throw options.signal.reason;
      // Its failure is this call's failure too — unless it was a refresh, or that caller gave up.
      if (running.interactive && McpOAuthError.isInstance(error)) throw error;
    }
  }
  // Another call renewed the token since this request was sent: just send it again.
  const current = (await provider.current()).tokens?.access_token;
  if (current !== undefined && current !== challenge.sentToken) return;
  return single(provider, true, () => runFlow(provider, challenge, options));
}

/**
 * Renews an expired access token with its refresh token before a request is sent — at the authorization
 * server the tokens are bound to (their `issuer`), for the resource they were issued for. Never opens a
 * browser, never registers a client; any failure leaves the old token in place (the server's 401 then
 * starts a full authorization).
 * @internal
 */
export async function refreshIfExpired(provider: McpOAuthProvider, options: { readonly fetch: FetchLike; readonly signal?: AbortSignal }): Promise<void> {
  // A flow in progress may wait for a person: send the request now; a 401 joins that flow.
  if (inFlight.has(provider) || provider.server === undefined) return;
  const { tokens, expiresAt, resource } = await provider.current();
  const refreshToken = tokens?.refresh_token;
  const issuer = tokens?.issuer;
  if (refreshToken === undefined || issuer === undefined || expiresAt === undefined || expiresAt - EXPIRY_MARGIN_MS > Date.now()) return;
  const clientInformation = await provider.clientInformation();
  if (clientInformation === undefined || (clientInformation.issuer != null && !sameIssuer(clientInformation.issuer, issuer))) return;
  await single(provider, false, async () => {
    const { fetch } = trackSteps(options.fetch, options.signal);
    const cached = provider.discoveryState();
    const metadata =
      cached !== undefined && sameIssuer(cached.authorizationServerUrl, issuer)
        ? cached.authorizationServerMetadata
        : await (await loadAuthSdk()).discoverAuthorizationServerMetadata(issuer, { fetchFn: fetch });
    const renewed = await (await loadAuthSdk()).refreshAuthorization(issuer, { metadata, clientInformation, refreshToken, resource, fetchFn: fetch });
    await provider.saveTokens({ ...renewed, issuer });
  }).catch(() => undefined);
}

function single(provider: McpOAuthProvider, interactive: boolean, run: () => Promise<void>): Promise<void> {
  const promise = run().finally(() => inFlight.delete(provider));
  inFlight.set(provider, { promise, interactive });
  return promise;
}

/** `promise`, or the signal's reason as soon as it aborts (without cancelling `promise`). */
function untilAborted(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return promise;
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function runFlow(
  provider: McpOAuthProvider,
  challenge: AuthorizationChallenge,
  options: { readonly fetch: FetchLike; readonly signal?: AbortSignal },
): Promise<void> {
  const server = provider.server;
  if (server === undefined) throw new Error('The OAuth provider is not bound to a server.');
  const before = await provider.current();
  const granted = before.tokens?.scope ?? provider.flowScope;
  const scope = challenge.status === 403 ? unionScope(granted, challenge.scope) : challenge.scope;
  if (challenge.status === 403) {
    if (challenge.scope !== undefined && includesAll(granted, challenge.scope)) {
      throw new McpOAuthError({
        code: 'MCP_OAUTH_SCOPE_DENIED',
        server: server.name,
        message:
          `MCP server ${server.name} refuses the request for lack of scope "${challenge.scope}", although the token was granted ` +
          `"${granted ?? ''}". Signing in again would not help: the account may lack the permission (check with the server administrator).`,
      });
    }
    // A refresh keeps the old scope: drop the token so the flow asks for the wider one.
    await provider.invalidateCredentials('tokens');
  }
  provider.forgetDiscovery(); // discover afresh: the server may have moved to another authorization server
  const tracked = trackSteps(options.fetch, options.signal);
  const local = new AbortController();
  const signal = options.signal === undefined ? local.signal : AbortSignal.any([options.signal, local.signal]);
  let listener: LoopbackRedirect | undefined;
  let shown: Promise<void> | undefined;
  provider.flowScope = scope;
  try {
    if (!provider.usesClientCredentials) {
      listener = await LoopbackRedirect.open({
        redirectUrl: new URL(provider.options.redirectUrl ?? 'http://127.0.0.1/callback'),
        preferredPort: provider.options.redirectUrl === undefined ? registeredPort(before.clientInformation) : undefined,
        server: server.name,
      });
      const opened = listener;
      provider.listenerUrl = opened.url;
      provider.onState = (state) => opened.expect(state);
      provider.onRedirect = (url) => {
        shown = Promise.resolve().then(() => (provider.options.onAuthorizationUrl ?? showAuthorizationUrl)(url, { signal }));
        shown.catch(() => undefined);
      };
    }
    const request = { serverUrl: server.url, resourceMetadataUrl: challenge.resourceMetadataUrl, scope, fetchFn: tracked.fetch };
    const { auth } = await loadAuthSdk();
    let result = await auth(provider, request);
    if (result === 'REDIRECT') {
      if (listener === undefined || shown === undefined) throw new Error('The authorization server asked for a browser redirect that could not be shown.');
      const redirect = await waitForRedirect(listener, shown, { signal, server: server.name, timeoutMs: provider.options.authorizationTimeoutMs ?? DEFAULT_AUTHORIZATION_TIMEOUT_MS });
      checkIssuer(redirect.iss, provider, server.name);
      if ('error' in redirect) throw redirectError(redirect, server.name, scope);
      tracked.code = redirect.code;
      result = await auth(provider, { ...request, authorizationCode: redirect.code });
    }
    if (result !== 'AUTHORIZED') throw new Error('The authorization flow did not end with a token.');
  } catch (error) {
    const after = await provider.current().catch(() => ({}) as typeof before);
    if (challenge.status === 403 && after.tokens === undefined && before.tokens !== undefined) await provider.restoreTokens(before);
    if (options.signal?.aborted === true && error === options.signal.reason) throw error;
    const discovery = provider.discoveryState();
    throw toOAuthError(error, {
      server: server.name,
      authorizationServer: discovery?.authorizationServerUrl,
      hasMetadata: discovery?.authorizationServerMetadata !== undefined,
      lastStep: tracked.step,
      scope,
      secrets: [
        before.tokens?.access_token,
        before.tokens?.refresh_token,
        after.tokens?.access_token,
        after.tokens?.refresh_token,
        provider.options.clientSecret,
        secretOf(before.clientInformation),
        secretOf(after.clientInformation),
        tracked.code,
      ],
    });
  } finally {
    local.abort();
    listener?.close();
    provider.listenerUrl = undefined;
    provider.onState = undefined;
    provider.onRedirect = undefined;
    void provider.invalidateCredentials('verifier');
  }
}

/** Waits for the redirect; fails early when `onAuthorizationUrl` throws. */
async function waitForRedirect(
  listener: LoopbackRedirect,
  shown: Promise<void>,
  options: { readonly signal: AbortSignal; readonly server: string; readonly timeoutMs: number },
): Promise<RedirectResult> {
  const waiting = listener.wait(options);
  const failed = shown.then(
    () => new Promise<never>(() => undefined),
    (error: unknown) => {
      throw new McpOAuthError({
        code: 'MCP_OAUTH_FAILED',
        server: options.server,
        message: `onAuthorizationUrl failed while authorizing with MCP server ${options.server}: ${error instanceof Error ? error.message : String(error)}`,
      });
    },
  );
  waiting.catch(() => undefined);
  return Promise.race([waiting, failed]);
}

/**
 * RFC 9207: an `iss` in the authorization response must be exactly (no normalization) the issuer of the
 * authorization server this flow asked; when that server advertises the parameter, it must be there.
 */
function checkIssuer(iss: string | undefined, provider: McpOAuthProvider, server: string): void {
  const metadata = provider.discoveryState()?.authorizationServerMetadata;
  const expected = metadata?.issuer ?? provider.discoveryState()?.authorizationServerUrl;
  const advertised = (metadata as { authorization_response_iss_parameter_supported?: unknown } | undefined)?.authorization_response_iss_parameter_supported === true;
  if (iss === undefined ? !advertised : iss === expected) return;
  throw new McpOAuthError({
    code: 'MCP_OAUTH_ISSUER_MISMATCH',
    server,
    message:
      iss === undefined
        ? `The authorization response for MCP server ${server} lacks the \`iss\` parameter that ${expected ?? 'its authorization server'} promises (RFC 9207); it was refused.`
        : `The authorization response for MCP server ${server} names the issuer ${iss}, not ${expected ?? 'the authorization server asked'} (RFC 9207); it was refused — a mix-up of authorization servers or a misconfigured server.`,
  });
}

function redirectError(redirect: { readonly error: string; readonly description?: string }, server: string, scope: string | undefined): McpOAuthError {
  const detail = redirect.description === undefined ? redirect.error : `${redirect.error}: ${redirect.description}`;
  if (redirect.error === 'invalid_scope') {
    return new McpOAuthError({
      code: 'MCP_OAUTH_SCOPE_DENIED',
      server,
      message: `The authorization server refused the scope ${scope === undefined ? '(none)' : `"${scope}"`} for MCP server ${server} (${detail}). Ask its administrator for that access, or set \`scope\` to scopes you may have.`,
    });
  }
  if (redirect.error === 'access_denied') {
    return new McpOAuthError({
      code: 'MCP_OAUTH_ACCESS_DENIED',
      server,
      message: `Authorization for MCP server ${server} was denied (${detail}). Sign in again and approve the access the application asks for.`,
    });
  }
  return new McpOAuthError({ code: 'MCP_OAUTH_FAILED', server, message: `The authorization server answered the authorization request for MCP server ${server} with an error (${detail}).` });
}

/** The fetch for the SDK's flow: honours the abort signal and remembers which step it sent last. */
function trackSteps(base: FetchLike, signal: AbortSignal | undefined): { fetch: FetchLike; step: OAuthStep; code: string | undefined } {
  const tracked = {
    step: undefined as OAuthStep,
    code: undefined as string | undefined,
    fetch: ((url, init) => {
      tracked.step = init?.body instanceof URLSearchParams ? 'token' : init?.method === 'POST' ? 'registration' : 'discovery';
      const combined = signal === undefined ? init?.signal : init?.signal == null ? signal : AbortSignal.any([signal, init.signal]);
      return base(url, combined == null ? init : { ...init, signal: combined });
    }) as FetchLike,
  };
  return tracked;
}

function includesAll(granted: string | undefined, wanted: string): boolean {
  const have = new Set((granted ?? '').split(' '));
  return wanted.split(' ').every((scope) => scope === '' || have.has(scope));
}

function unionScope(granted: string | undefined, wanted: string | undefined): string | undefined {
  const scopes = new Set([...(granted ?? '').split(' '), ...(wanted ?? '').split(' ')].filter((scope) => scope !== ''));
  return scopes.size === 0 ? undefined : [...scopes].join(' ');
}

function registeredPort(information: object | undefined): number | undefined {
  const uris = (information as { readonly redirect_uris?: unknown } | undefined)?.redirect_uris;
  if (!Array.isArray(uris) || typeof uris[0] !== 'string') return undefined;
  try {
    const url = new URL(uris[0]);
    return url.hostname === '127.0.0.1' && url.port !== '' ? Number(url.port) : undefined;
  } catch {
    return undefined;
  }
}

function secretOf(information: { readonly client_secret?: string } | undefined): string | undefined {
  return information?.client_secret;
}
