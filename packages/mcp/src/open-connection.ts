import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Implementation } from '@modelcontextprotocol/sdk/types.js';
import { describeClose } from './describe-server.js';
import type { McpHttpTransportOptions, McpTransportOptions } from './mcp-client-options.js';
import { authorizeForRetry } from './oauth/authorization-required.js';
import { loadClientSdk, type McpClientSdk } from './mcp-sdk.js';
import { McpOAuthProvider } from './oauth/mcp-oauth-provider.js';
import { oauthFetch } from './oauth/oauth-fetch.js';
import { OrderedTransport } from './ordered-transport.js';
import { StdioProcessTransport } from './stdio-process-transport.js';

/** One live connection: an SDK client over one transport (for stdio: one process). */
export interface Connection {
  readonly client: Client;
  /** The transport the SDK client talks to (an {@link OrderedTransport} around `inner`). */
  readonly transport: Transport;
  /** The underlying transport (stdio process, Streamable HTTP, SSE, or the caller's). */
  readonly inner: Transport;
  /** Set once the transport closed or the connection was dropped. */
  closed: boolean;
  /** Why it closed, for error messages. */
  closeReason?: string;
}

/** Options of one connection attempt. @internal */
export interface ConnectAttemptOptions {
  /** Aborting ends the attempt at once (the process of a stdio server is terminated). */
  readonly signal?: AbortSignal;
  /** Timeout of the handshake. */
  readonly timeout: number;
}

/**
 * A failed connection attempt: the underlying error and, for a stdio server that died during the
 * handshake, how it ended (exit code or signal, stderr tail).
 * @internal
 */
export class ConnectAttemptError extends Error {
  readonly detail: string | undefined;

  constructor(cause: unknown, detail: string | undefined) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ConnectAttemptError';
    this.detail = detail;
  }
}

/** Replaced by the package version at build time (tsup `define`). */
declare const __TANDEM_MCP_VERSION__: string | undefined;

/** The default `clientInfo` (and `serverInfo` of served tools). @internal */
export const DEFAULT_CLIENT_INFO: Implementation = {
  name: '@tandem/mcp',
  version: typeof __TANDEM_MCP_VERSION__ === 'string' ? __TANDEM_MCP_VERSION__ : '0.0.0-dev',
};

/**
 * Connects a fresh SDK client (made by `makeClient`) over the configured transport. HTTP tries
 * Streamable HTTP first and, when the server answers with a 4xx other than 401/403, legacy SSE. With
 * `mcpOAuth()`, a 401/403 is authorized between attempts; `authorizationSignal` stops that.
 * @internal
 */
export async function openConnection(
  options: McpTransportOptions,
  makeClient: () => Client,
  requestOptions: ConnectAttemptOptions,
  authorizationSignal?: AbortSignal,
): Promise<Connection> {
  if (options.type === 'http') return openHttpConnection(await loadClientSdk(), options, makeClient, requestOptions, authorizationSignal);
  const inner = options.type === 'stdio' ? new StdioProcessTransport(options) : await options.create();
  return connectOver(inner, makeClient(), requestOptions);
}

async function openHttpConnection(
  sdk: McpClientSdk,
  options: McpHttpTransportOptions,
  makeClient: () => Client,
  requestOptions: ConnectAttemptOptions,
  authorizationSignal: AbortSignal | undefined,
): Promise<Connection> {
  const url = new URL(options.url);
  const requestInit: RequestInit = options.headers === undefined ? {} : { headers: { ...options.headers } };
  const provider = options.auth ?? options.authProvider;
  if (!(provider instanceof McpOAuthProvider)) {
    return connectHttp(sdk, url, options, { requestInit, authProvider: provider, fetch: options.fetch }, makeClient, requestOptions);
  }
  // mcpOAuth(): the transport's fetch signals 401/403; authorization runs here, between connection
  // attempts, outside the handshake's timeout (a person may be signing in).
  const oauth = oauthFetch(provider, url, options.fetch ?? fetch);
  for (let authorizations = 0; ; authorizations += 1) {
    try {
      return await connectHttp(sdk, url, options, { requestInit, fetch: oauth.fetch }, makeClient, requestOptions);
    } catch (error) {
      const cause = error instanceof ConnectAttemptError ? error.cause : error;
      const challenge = httpStatusOf(cause) === 401 ? oauth.takeChallenge() : undefined;
      if (!(await authorizeForRetry(challenge ?? cause, authorizations, authorizationSignal))) throw error;
    }
  }
}

async function connectHttp(
  sdk: McpClientSdk,
  url: URL,
  options: McpHttpTransportOptions,
  common: ConstructorParameters<typeof StreamableHTTPClientTransport>[1],
  makeClient: () => Client,
  requestOptions: { readonly signal?: AbortSignal; readonly timeout: number },
): Promise<Connection> {
  try {
    return await connectOver(new sdk.streamableHttp.StreamableHTTPClientTransport(url, common), makeClient(), requestOptions);
  } catch (error) {
    const cause = error instanceof ConnectAttemptError ? error.cause : error;
    if (options.fallbackToSse === false || requestOptions.signal?.aborted === true || !isLegacyServerRejection(sdk, cause)) throw error;
  }
  return connectOver(new sdk.sse.SSEClientTransport(url, common), makeClient(), requestOptions);
}

async function connectOver(
  inner: Transport,
  client: Client,
  requestOptions: ConnectAttemptOptions,
): Promise<Connection> {
  const transport = new OrderedTransport(inner);
  try {
    await client.connect(transport, requestOptions);
  } catch (error) {
    if (inner instanceof StdioProcessTransport) {
      await inner.terminate().catch(() => undefined);
      // A process that quit during the handshake: its exit and stderr say why.
      throw new ConnectAttemptError(error, inner.exitedByItself ? describeClose(inner) : undefined);
    }
    await inner.close().catch(() => undefined);
    throw new ConnectAttemptError(error, undefined);
  }
  return { client, transport, inner, closed: false };
}

function httpStatusOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

function isLegacyServerRejection(sdk: McpClientSdk, error: unknown): boolean {
  if (!(error instanceof sdk.streamableHttp.StreamableHTTPError)) return false;
  const code = error.code ?? 0;
  return code >= 400 && code < 500 && code !== 401 && code !== 403;
}
