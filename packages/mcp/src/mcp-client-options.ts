import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  ElicitRequestParams,
  ElicitResult,
  Implementation,
  LoggingLevel,
  LoggingMessageNotification,
  Progress,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { StdioServerParams } from './stdio-process-transport.js';

/**
 * A tool as an MCP server describes it (`tools/list`): `name`, `description`, `inputSchema`, and optionally
 * `title`, `outputSchema` and `annotations`.
 *
 * @example
 * ```ts
 * const infos: McpToolInfo[] = await client.listTools();
 * const readOnly = infos.filter((info) => info.annotations?.readOnlyHint === true);
 * ```
 *
 * @category Client
 */
export type McpToolInfo = Tool;

/**
 * A progress notification of a running call: `progress` increases; `total` and `message` are optional.
 * It is also the `value` of the `partial-tool-call-result` events of MCP tools.
 *
 * @example
 * ```ts
 * const onProgress = (p: McpProgress) => console.log(p.total ? `${p.progress}/${p.total}` : p.progress, p.message ?? '');
 * ```
 *
 * @category Client
 */
export type McpProgress = Progress;

/**
 * A log message the server sent (`notifications/message`): `level`, optional `logger`, and `data`.
 *
 * @example
 * ```ts
 * const onLog = (message: McpLogMessage) => console.error(`[mcp ${message.level}]`, message.data);
 * ```
 *
 * @category Client
 */
export type McpLogMessage = LoggingMessageNotification['params'];

/**
 * Log levels, least to most severe: `debug`, `info`, `notice`, `warning`, `error`, `critical`, `alert`, `emergency`.
 *
 * @example
 * ```ts
 * const level: McpLogLevel = process.env.DEBUG ? 'debug' : 'warning';
 * ```
 *
 * @category Client
 */
export type McpLogLevel = LoggingLevel;

/**
 * Connect by spawning a local server process that speaks MCP over stdin/stdout.
 *
 * @example
 * ```ts
 * const transport: McpStdioTransportOptions = { type: 'stdio', command: 'uvx', args: ['mcp-server-time'], killGraceMs: 1000 };
 * ```
 *
 * @category Client
 */
export interface McpStdioTransportOptions extends StdioServerParams {
  readonly type: 'stdio';
}

/**
 * Options shared by the HTTP-based transports.
 *
 * @example
 * ```ts
 * const http: McpHttpOptions = { headers: { Authorization: `Bearer ${token}` }, fallbackToSse: false };
 * ```
 *
 * @category Client
 */
export interface McpHttpOptions {
  /** Extra headers on every request, e.g. `{ Authorization: 'Bearer …' }`. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * OAuth for servers that require it: `mcpOAuth()` (discovery, registration, the browser flow completed
   * inside the call that needs it, refresh, scope step-up), or any SDK `OAuthClientProvider`.
   */
  readonly auth?: OAuthClientProvider;
  /** @deprecated Use `auth`. */
  readonly authProvider?: OAuthClientProvider;
  /** A custom `fetch` (proxies, tests). */
  readonly fetch?: FetchLike;
  /**
   * When the server rejects Streamable HTTP with a 4xx other than 401/403 (an older server), connect with
   * the legacy HTTP+SSE transport instead. Default `true`.
   */
  readonly fallbackToSse?: boolean;
}

/**
 * Connect to a remote server over Streamable HTTP (falling back to legacy SSE).
 *
 * @example
 * ```ts
 * const transport: McpHttpTransportOptions = { type: 'http', url: 'https://mcp.example.com/mcp', headers: { 'X-Api-Key': key } };
 * ```
 *
 * @category Client
 */
export interface McpHttpTransportOptions extends McpHttpOptions {
  readonly type: 'http';
  readonly url: string | URL;
}

/**
 * Connect through any SDK transport you build (in-memory, WebSocket, …); `create` is called once per (re)connect.
 *
 * @example
 * ```ts
 * const transport: McpCustomTransportOptions = {
 *   type: 'custom',
 *   name: 'in-process',
 *   async create() {
 *     const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
 *     await createMcpServer(myTools).connect(serverSide);
 *     return clientSide;
 *   },
 * };
 * ```
 *
 * @category Client
 */
export interface McpCustomTransportOptions {
  readonly type: 'custom';
  /** Shown in error messages. Default `'custom'`. */
  readonly name?: string;
  create(): Transport | Promise<Transport>;
}

/**
 * How an {@link McpClient} reaches its server.
 *
 * @example
 * ```ts
 * const client = new McpClient({ transport: { type: 'stdio', command: 'node', args: ['server.js'] } });
 * ```
 *
 * @category Client
 */
export type McpTransportOptions = McpStdioTransportOptions | McpHttpTransportOptions | McpCustomTransportOptions;

/**
 * Answers a server's elicitation request (a question for the user). Return `{ action: 'decline' }` to refuse.
 *
 * @example
 * ```ts
 * const onElicitation: McpElicitationHandler = async (request) => {
 *   const ok = await confirm(request.message);
 *   return ok ? { action: 'accept', content: { confirmed: true } } : { action: 'decline' };
 * };
 * ```
 *
 * @category Client
 */
export type McpElicitationHandler = (
  request: ElicitRequestParams,
  options: { readonly signal: AbortSignal },
) => ElicitResult | Promise<ElicitResult>;

/**
 * Client behaviour shared by {@link McpClient}, `getStdioTools()` and `getHttpTools()`.
 *
 * @example
 * ```ts
 * const behaviour: McpClientBehaviour = { timeoutMs: 120_000, logLevel: 'info', onLog: (m) => console.log(m.data) };
 * await getStdioTools({ command: 'my-server', ...behaviour });
 * ```
 *
 * @category Client
 */
export interface McpClientBehaviour {
  /** Name and version the client reports to servers. Default `@tandem/mcp` and its version. */
  readonly clientInfo?: Implementation;
  /**
   * Per-request timeout. Every progress notification restarts it, so a long operation that reports
   * progress never times out; a silent one fails with `McpTimeoutError` after this long. Default 60 000 ms.
   */
  readonly timeoutMs?: number;
  /** Hard cap on one request's duration, progress or not. Default: none. */
  readonly maxTotalTimeoutMs?: number;
  /** Timeout of the connection handshake (spawn/connect + `initialize`). Default 30 000 ms. */
  readonly connectTimeoutMs?: number;
  /** Receives the server's log messages. */
  readonly onLog?: (message: McpLogMessage) => void;
  /** Asks the server to send logs at this level and above (when it supports logging). */
  readonly logLevel?: McpLogLevel;
  /**
   * Answers elicitation requests. Only when it is set does the client advertise the `elicitation`
   * capability; the client never advertises roots or sampling.
   */
  readonly onElicitation?: McpElicitationHandler;
  /** Receives protocol-level errors that belong to no call (e.g. a reply that arrived after its timeout). */
  readonly onError?: (error: Error) => void;
}

/**
 * Options of `new McpClient(…)`.
 *
 * @example
 * ```ts
 * const options: McpClientOptions = { transport: { type: 'http', url: 'http://127.0.0.1:3001/mcp' }, timeoutMs: 30_000 };
 * ```
 *
 * @category Client
 */
export interface McpClientOptions extends McpClientBehaviour {
  readonly transport: McpTransportOptions;
}

/**
 * Options of a single request.
 *
 * @example
 * ```ts
 * await client.listResources({ signal: AbortSignal.timeout(5_000), timeoutMs: 5_000 });
 * ```
 *
 * @category Client
 */
export interface McpRequestOptions {
  /** Aborting cancels the request: the server gets `notifications/cancelled` and the call rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this request. */
  readonly timeoutMs?: number;
}

/**
 * Options of {@link McpClient.callTool}.
 *
 * @example
 * ```ts
 * await client.callTool('render', { scene: 1 }, { signal, onProgress: (p) => bar.update(p.progress / (p.total ?? 100)) });
 * ```
 *
 * @category Client
 */
export interface McpCallToolOptions extends McpRequestOptions {
  /** Receives the server's progress notifications for this call. */
  readonly onProgress?: (progress: McpProgress) => void;
}
