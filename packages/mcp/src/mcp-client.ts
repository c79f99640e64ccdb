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
import { collectPages } from './collect-pages.js';
import { describeServer } from './describe-server.js';
import { isSessionExpired } from './error-details.js';
import type { McpCallToolOptions, McpClientOptions, McpLogLevel, McpRequestOptions, McpToolInfo } from './mcp-client-options.js';
import { McpConnector } from './mcp-connector.js';
import { authorizeForRetry } from './oauth/authorization-required.js';
import { registerTransportSecrets } from './register-transport-secrets.js';
import { StdioProcessTransport } from './stdio-process-transport.js';
import { translateRequestError } from './translate-request-error.js';

const DEFAULT_TIMEOUT_MS = 60_000;

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
 *
 * @category Client
 */
export class McpClient implements AsyncDisposable {
  /** Display name of the server (its command or URL), used in error messages. */
  readonly serverName: string;
  private readonly options: McpClientOptions;
  private readonly connector: McpConnector;
  private readonly toolListeners = new Set<(tools: McpToolInfo[]) => void>();

  constructor(options: McpClientOptions) {
    this.options = options;
    this.serverName = describeServer(options.transport);
    registerTransportSecrets(options.transport);
    this.connector = new McpConnector(options, this.serverName, {
      toolsChanged: () => this.announceTools(),
      reportError: (error) => this.reportError(error),
    });
  }

  /** True while a connection is open. */
  get connected(): boolean {
    return this.connector.current !== undefined;
  }

  /** The pid of the running server process (stdio transport only). */
  get pid(): number | undefined {
    const transport = this.connector.current?.inner;
    return transport instanceof StdioProcessTransport ? transport.pid : undefined;
  }

  /** The server's name and version, once connected. */
  get serverInfo(): Implementation | undefined {
    return this.connector.current?.client.getServerVersion();
  }

  /** The server's capabilities, once connected. */
  get serverCapabilities(): ServerCapabilities | undefined {
    return this.connector.current?.client.getServerCapabilities();
  }

  /** The server's usage instructions (for a system prompt), once connected. */
  get instructions(): string | undefined {
    return this.connector.current?.client.getInstructions();
  }

  /** Connects now (otherwise the first request does). Resolves when the handshake is done. */
  async connect(options: { readonly signal?: AbortSignal } = {}): Promise<void> {
    await this.connector.ensureConnected(options.signal);
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
  close(): Promise<void> {
    return this.connector.close();
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
    const connection = await this.connector.ensureConnected(signal);
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
        this.connector.drop(connection, 'the server ended the session');
        return this.request(operation, options, send, true, authorizations);
      }
      // The server wants (more) authorization (`mcpOAuth()`): authorize outside the request's timeout, then resend.
      if (signal?.aborted !== true && (await authorizeForRetry(error, authorizations, this.connector.authorizationSignal(signal)))) {
        return this.request(operation, options, send, isRetry, authorizations + 1);
      }
      throw translateRequestError(error, { server: this.serverName, connection, operation, signal, timeoutMs }, this.connector);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
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

  private reportError(error: unknown): void {
    this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
  }
}
