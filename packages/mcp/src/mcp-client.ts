import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  CallToolResult,
  GetPromptResult,
  Implementation,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { McpConnectionError } from './errors/mcp-connection-error.js';
import { McpOAuthError } from './errors/mcp-oauth-error.js';
import { McpTimeoutError } from './errors/mcp-timeout-error.js';
import { collectPages } from './collect-pages.js';
import { describeServer, describeClose } from './describe-server.js';
import { connectFailure, errorMessage, isInvalidResponse, isSessionExpired } from './error-details.js';
import { loadClientSdk, loadedClientSdk, type McpClientSdk } from './mcp-sdk.js';
import type {
  McpCallToolOptions,
  McpClientOptions,
  McpLogLevel,
  McpRequestOptions,
  McpToolInfo,
} from './mcp-client-options.js';
import { authorizeForRetry } from './oauth/authorization-required.js';
import { ConnectAttemptError, DEFAULT_CLIENT_INFO, openConnection, type Connection } from './open-connection.js';
import { registerTransportSecrets } from './register-transport-secrets.js';
import { StdioProcessTransport } from './stdio-process-transport.js';

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
const HEALTH_CHECK_TIMEOUT_MS = 5_000;
const END_SESSION_TIMEOUT_MS = 1_000;
/** SDK transport errors meaning the HTTP server can no longer be reached. */
const STREAM_LOST = /Failed to reconnect SSE stream|Maximum reconnection attempts/;

/**
 * A connection to one MCP server, for full control: tools, resources, prompts, logging, elicitation.
 *
 * - Connects lazily on first use (or explicitly with `connect()`); concurrent callers share one handshake.
 * - A server that dies or stops answering fails the pending requests with `McpConnectionError` /
 *   `McpTimeoutError` — never a hang — and the next request reconnects (for stdio: a new process).
 * - Every request honours an `AbortSignal` (the server gets `notifications/cancelled`) and a timeout
 *   that progress notifications restart.
 * - `close()` (or `await using`) ends the connection; for stdio it resolves once the process has exited.
 *
 * @example
 * ```ts
 * await using client = new McpClient({ transport: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } });
 * const tools = await client.listTools();
 * const result = await client.callTool('echo', { message: 'hi' }, { onProgress: (p) => console.log(p.progress) });
 * client.onToolsChanged((tools) => console.log(`${tools.length} tools now`));
 * ```
 */
export class McpClient implements AsyncDisposable {
  /** Display name of the server (its command or URL), used in error messages. */
  readonly serverName: string;
  private readonly options: McpClientOptions;
  private connection: Connection | undefined;
  private connecting: Promise<Connection> | undefined;
  private connectAbort: AbortController | undefined;
  private readonly dropping = new Set<Promise<void>>();
  private readonly toolListeners = new Set<(tools: McpToolInfo[]) => void>();
  /** Aborted by `close()`: stops a connection attempt, or an authorization waiting for a person. */
  private readonly closing = new AbortController();
  private closed = false;

  constructor(options: McpClientOptions) {
    this.options = options;
    this.serverName = describeServer(options.transport);
    registerTransportSecrets(options.transport);
  }

  /** True while a connection is open. */
  get connected(): boolean {
    return this.connection !== undefined && !this.connection.closed;
  }

  /** The pid of the running server process (stdio transport only). */
  get pid(): number | undefined {
    const transport = this.connection?.inner;
    return transport instanceof StdioProcessTransport && !this.connection?.closed ? transport.pid : undefined;
  }

  /** The server's name and version, once connected. */
  get serverInfo(): Implementation | undefined {
    return this.connection?.client.getServerVersion();
  }

  /** The server's capabilities, once connected. */
  get serverCapabilities(): ServerCapabilities | undefined {
    return this.connection?.client.getServerCapabilities();
  }

  /** The server's usage instructions (for a system prompt), once connected. */
  get instructions(): string | undefined {
    return this.connection?.client.getInstructions();
  }

  /** Connects now (otherwise the first request does). Resolves when the handshake is done. */
  async connect(options: { readonly signal?: AbortSignal } = {}): Promise<void> {
    await this.ensureConnected(options.signal);
  }

  /** Every tool of the server (all pages of `tools/list`). */
  listTools(options: McpRequestOptions = {}): Promise<McpToolInfo[]> {
    return this.request('tools/list', options, (client, request) =>
      collectPages((cursor) => client.listTools(cursor === undefined ? undefined : { cursor }, request), (page) => page.tools),
    );
  }

  /**
   * Calls a tool and returns the server's result as it is (`isError` included — `McpToolset` tools turn
   * that into an error result). Rejects with `McpTimeoutError`, `McpConnectionError`, the SDK's `McpError`
   * for protocol errors (e.g. an unknown tool), or the signal's reason when aborted.
   */
  callTool(name: string, args: Record<string, unknown> = {}, options: McpCallToolOptions = {}): Promise<CallToolResult> {
    const { onProgress } = options;
    return this.request(`tools/call ${name}`, options, (client, request) =>
      client.callTool({ name, arguments: args }, undefined, onProgress === undefined ? request : { ...request, onprogress: onProgress }),
    ) as Promise<CallToolResult>;
  }

  /** Every resource of the server (all pages). */
  listResources(options: McpRequestOptions = {}): Promise<Resource[]> {
    return this.request('resources/list', options, (client, request) =>
      collectPages((cursor) => client.listResources(cursor === undefined ? undefined : { cursor }, request), (page) => page.resources),
    );
  }

  /** Every resource template of the server (all pages). */
  listResourceTemplates(options: McpRequestOptions = {}): Promise<ResourceTemplate[]> {
    return this.request('resources/templates/list', options, (client, request) =>
      collectPages(
        (cursor) => client.listResourceTemplates(cursor === undefined ? undefined : { cursor }, request),
        (page) => page.resourceTemplates,
      ),
    );
  }

  /** Reads one resource by URI. */
  readResource(uri: string, options: McpRequestOptions = {}): Promise<ReadResourceResult> {
    return this.request(`resources/read ${uri}`, options, (client, request) => client.readResource({ uri }, request));
  }

  /** Every prompt of the server (all pages). */
  listPrompts(options: McpRequestOptions = {}): Promise<Prompt[]> {
    return this.request('prompts/list', options, (client, request) =>
      collectPages((cursor) => client.listPrompts(cursor === undefined ? undefined : { cursor }, request), (page) => page.prompts),
    );
  }

  /** Renders a prompt with its arguments. */
  getPrompt(name: string, args: Record<string, string> = {}, options: McpRequestOptions = {}): Promise<GetPromptResult> {
    return this.request(`prompts/get ${name}`, options, (client, request) => client.getPrompt({ name, arguments: args }, request));
  }

  /** Asks the server to send log messages at `level` and above (they go to `onLog`). */
  async setLogLevel(level: McpLogLevel, options: McpRequestOptions = {}): Promise<void> {
    await this.request('logging/setLevel', options, (client, request) => client.setLoggingLevel(level, request));
  }

  /** Checks that the server answers. */
  async ping(options: McpRequestOptions = {}): Promise<void> {
    await this.request('ping', options, (client, request) => client.ping(request));
  }

  /**
   * Calls `listener` with the fresh tool list whenever the server announces `notifications/tools/list_changed`.
   * Returns a function that unsubscribes.
   */
  onToolsChanged(listener: (tools: McpToolInfo[]) => void): () => void {
    this.toolListeners.add(listener);
    return () => this.toolListeners.delete(listener);
  }

  /** Closes the connection for good; for stdio, resolves once the server process has exited. */
  async close(): Promise<void> {
    this.closed = true;
    this.closing.abort(new McpConnectionError({ server: this.serverName, message: `The MCP client for ${this.serverName} was closed.` }));
    // A handshake in progress ends now (a hung server must not hold close() for the connect timeout).
    this.connectAbort?.abort(new Error('The MCP client was closed while connecting.'));
    const connecting = this.connecting;
    if (connecting !== undefined) await connecting.catch(() => undefined);
    if (this.connection !== undefined) this.drop(this.connection, 'the client was closed', { endSession: true });
    await Promise.all([...this.dropping]);
  }

  /** Same as {@link McpClient.close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  private async request<T>(
    operation: string,
    options: McpRequestOptions,
    send: (client: Client, request: RequestOptions) => Promise<T>,
    isRetry = false,
    authorizations = 0,
  ): Promise<T> {
    const { signal } = options;
    signal?.throwIfAborted();
    const connection = await this.ensureConnected(signal);
    const local = new AbortController();
    const onAbort = (): void => local.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    try {
      return await send(connection.client, {
        signal: local.signal,
        timeout: timeoutMs,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: this.options.maxTotalTimeoutMs,
      });
    } catch (error) {
      if (!isRetry && signal?.aborted !== true && isSessionExpired(error, connection)) {
        // The server no longer knows our session (it restarted or expired it) and did not process the
        // request. The spec says to start a new session; do so and send the request once more.
        this.drop(connection, 'the server ended the session');
        return this.request(operation, options, send, true, authorizations);
      }
      // The server wants (more) authorization (`mcpOAuth()`): authorize outside the request's timeout, then resend.
      if (signal?.aborted !== true && (await authorizeForRetry(error, authorizations, this.authorizationSignal(signal)))) {
        return this.request(operation, options, send, isRetry, authorizations + 1);
      }
      throw this.translate(error, { connection, operation, signal, timeoutMs });
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private translate(
    error: unknown,
    context: { connection: Connection; operation: string; signal: AbortSignal | undefined; timeoutMs: number },
  ): unknown {
    const { connection, operation, signal, timeoutMs } = context;
    if (signal?.aborted === true) return signal.reason;
    if (McpOAuthError.isInstance(error)) return error;
    const types = loadedClientSdk()?.types;
    if (types !== undefined && error instanceof types.McpError) {
      if (error.code === types.ErrorCode.RequestTimeout) {
        this.checkHealth(connection);
        return new McpTimeoutError({ server: this.serverName, operation, timeoutMs, cause: error });
      }
      if (!(error.code === types.ErrorCode.ConnectionClosed && connection.closed)) return error;
    } else if (isInvalidResponse(error)) {
      return error;
    }
    this.drop(connection, errorMessage(error));
    if (this.closed) {
      return new McpConnectionError({
        server: this.serverName,
        message: `The MCP client for ${this.serverName} was closed during ${operation}.`,
        cause: error,
      });
    }
    return new McpConnectionError({
      server: this.serverName,
      message: `MCP server ${this.serverName} went away during ${operation}: ${connection.closeReason}. The next call reconnects.`,
      cause: error,
    });
  }

  private async ensureConnected(signal: AbortSignal | undefined): Promise<Connection> {
    if (this.closed) {
      throw new McpConnectionError({
        server: this.serverName,
        message: `The MCP client for ${this.serverName} is closed; create a new one.`,
      });
    }
    if (this.connection !== undefined && !this.connection.closed) return this.connection;
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    const connecting = this.connecting;
    if (signal === undefined) return connecting;
    return new Promise<Connection>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      connecting.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private async open(): Promise<Connection> {
    const timeout = this.options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const abort = new AbortController();
    this.connectAbort = abort;
    let connection: Connection;
    try {
      const sdk = await loadClientSdk();
      connection = await openConnection(this.options.transport, () => this.makeClient(sdk, () => connection), { timeout, signal: abort.signal }, this.closing.signal);
    } catch (error) {
      if (McpOAuthError.isInstance(error)) throw error;
      const cause = error instanceof ConnectAttemptError ? error.cause : error;
      const detail = error instanceof ConnectAttemptError ? error.detail : undefined;
      if (abort.signal.aborted) {
        throw new McpConnectionError({ server: this.serverName, message: `The MCP client for ${this.serverName} was closed while connecting.`, cause });
      }
      throw new McpConnectionError({
        server: this.serverName,
        message: `Could not connect to MCP server ${this.serverName}: ${connectFailure(cause, detail)}`,
        cause,
      });
    } finally {
      if (this.connectAbort === abort) this.connectAbort = undefined;
    }
    if (this.closed) {
      this.drop(connection, 'the client was closed');
      throw new McpConnectionError({ server: this.serverName, message: `The MCP client for ${this.serverName} was closed while connecting.` });
    }
    this.connection = connection;
    const level = this.options.logLevel;
    if (level !== undefined && connection.client.getServerCapabilities()?.logging !== undefined) {
      await connection.client.setLoggingLevel(level, { timeout }).catch((error: unknown) => this.reportError(error));
    }
    return connection;
  }

  private makeClient(sdk: McpClientSdk, current: () => Connection | undefined): Client {
    const { ElicitRequestSchema, LoggingMessageNotificationSchema, ToolListChangedNotificationSchema } = sdk.types;
    const onElicitation = this.options.onElicitation;
    const client = new sdk.client.Client(this.options.clientInfo ?? DEFAULT_CLIENT_INFO, {
      capabilities: onElicitation === undefined ? {} : { elicitation: { form: {} } },
    });
    client.onerror = (error) => {
      if (McpOAuthError.isInstance(error) && error.code === 'MCP_OAUTH_AUTHORIZATION_REQUIRED') return; // handled by the retry
      this.reportError(error);
      // The HTTP transport retries a broken response stream; once that fails the server is unreachable
      // and the pending calls' replies are lost: fail them now instead of at their timeouts.
      const connection = current();
      if (connection !== undefined && !connection.closed && STREAM_LOST.test(error.message)) {
        this.drop(connection, `the HTTP connection failed (${error.message})`);
      }
    };
    client.onclose = () => {
      const connection = current();
      if (connection === undefined) return;
      connection.closeReason ??= describeClose(connection.inner);
      connection.closed = true;
      if (this.connection === connection) this.connection = undefined;
    };
    const onLog = this.options.onLog;
    if (onLog !== undefined) client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => onLog(notification.params));
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.announceTools());
    if (onElicitation !== undefined) {
      client.setRequestHandler(ElicitRequestSchema, (request, extra) => onElicitation(request.params, { signal: extra.signal }));
    }
    return client;
  }

  private announceTools(): void {
    if (this.toolListeners.size === 0) return;
    this.listTools().then(
      (tools) => {
        for (const listener of this.toolListeners) {
          try {
            listener(tools);
          } catch (error) {
            this.reportError(error);
          }
        }
      },
      (error: unknown) => this.reportError(error),
    );
  }

  /** After a timeout: a server that no longer answers a ping is dropped, so the next call reconnects. */
  private checkHealth(connection: Connection): void {
    if (connection.closed) return;
    connection.client.ping({ timeout: HEALTH_CHECK_TIMEOUT_MS }).catch((error: unknown) => {
      if (!connection.closed) this.drop(connection, `it stopped responding (a ping failed: ${errorMessage(error)})`);
    });
  }

  private drop(connection: Connection, reason: string, options: { readonly endSession?: boolean } = {}): void {
    if (this.connection === connection) this.connection = undefined;
    connection.closeReason ??= reason;
    connection.closed = true;
    const closing = (options.endSession === true ? endHttpSession(connection) : Promise.resolve())
      .then(() => connection.client.close())
      .catch((error: unknown) => this.reportError(error))
      .finally(() => this.dropping.delete(closing));
    this.dropping.add(closing);
  }

  private authorizationSignal(signal: AbortSignal | undefined): AbortSignal {
    return signal === undefined ? this.closing.signal : AbortSignal.any([signal, this.closing.signal]);
  }

  private reportError(error: unknown): void {
    this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
  }
}

/** Tells a Streamable HTTP server the session is over (DELETE), giving it at most a second; errors are ignored. */
async function endHttpSession(connection: Connection): Promise<void> {
  const transport = connection.inner;
  const HttpTransport = loadedClientSdk()?.streamableHttp.StreamableHTTPClientTransport;
  if (HttpTransport === undefined || !(transport instanceof HttpTransport) || transport.sessionId === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, END_SESSION_TIMEOUT_MS);
  });
  try {
    await Promise.race([transport.terminateSession().catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
