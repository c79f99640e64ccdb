import type { IncomingMessage } from 'node:http';
import type { Readable, Writable } from 'node:stream';
import type { McpServerOptions } from './create-mcp-server.js';

/**
 * Where `serveTools()` listens.
 *
 * @example
 * ```ts
 * const transport: ServeTransport = process.env.PORT ? { port: Number(process.env.PORT) } : 'stdio';
 * ```
 *
 * @category Server
 */
export type ServeTransport =
  /** stdin/stdout of this process (or the given streams), for clients that spawn it. */
  | 'stdio'
  | { readonly type: 'stdio'; readonly stdin?: Readable; readonly stdout?: Writable }
  /** Streamable HTTP on `http://host:port/path`. `port` 0 (default) picks a free port; `host` defaults to `127.0.0.1`. */
  | ServeHttpOptions;

/**
 * Streamable HTTP settings of {@link serveTools}.
 *
 * Requests are checked in this order: `Host`/`Origin` against the allow-lists (403), the path (404),
 * `authorize` (401), the body size (413), then the MCP session.
 *
 * @example
 * ```ts
 * const http: ServeHttpOptions = {
 *   host: '127.0.0.1', port: 3001, path: '/mcp',
 *   authorize: (req) => req.headers.authorization === expected,
 *   allowedOrigins: ['https://app.example.com'], // a web app that may call the server from the browser
 * };
 * ```
 *
 * @category Server
 */
export interface ServeHttpOptions {
  /** Default 0: a free port (read it from `served.url`). */
  readonly port?: number;
  /** Default `127.0.0.1` (loopback only). */
  readonly host?: string;
  /** Default `/mcp`. */
  readonly path?: string;
  /**
   * Decides whether a request may proceed (e.g. check `request.headers.authorization`); a `false`
   * answer gets `401` with `WWW-Authenticate: Bearer`. Default: every request proceeds.
   */
  readonly authorize?: (request: IncomingMessage) => boolean | Promise<boolean>;
  /**
   * More values accepted in the `Host` header, as `name:port` or a bare `name` (any port); `'*'` accepts
   * any host. Always accepted: `localhost`, `127.0.0.1`, `[::1]` and `host`, with the bound port. Any
   * other `Host` gets 403 — this is what stops DNS rebinding (a web page whose domain resolves to
   * your machine). Add the name clients use when you serve on a non-loopback address or behind a proxy.
   */
  readonly allowedHosts?: readonly string[];
  /**
   * More web origins (e.g. `'https://app.example.com'`) whose pages may call the server from a browser;
   * `'*'` accepts any origin. Always accepted: `http://` + each allowed loopback host and port, and
   * requests without an `Origin` header (clients other than browsers). Any other origin gets 403.
   */
  readonly allowedOrigins?: readonly string[];
  /** The largest request body accepted, in bytes; a larger one gets 413 and the connection is closed. Default 4 MiB. */
  readonly maxBodyBytes?: number;
  /** Live sessions at most; an `initialize` beyond that gets 503. Default 100. */
  readonly maxSessions?: number;
  /**
   * A session with no open request (and no open event stream) for this long is ended, and the tool
   * calls still running in it are aborted; its client must initialize again. Default 600 000 ms (10 min).
   */
  readonly sessionIdleTimeoutMs?: number;
}

/**
 * Options of {@link serveTools}.
 *
 * @example
 * ```ts
 * await serveTools(tools, { transport: 'stdio', serverInfo: { name: 'my-tools', version: '1.2.0' }, instructions: 'Use add for sums.' });
 * ```
 *
 * @category Server
 */
export interface ServeToolsOptions extends McpServerOptions {
  readonly transport: ServeTransport;
}

/**
 * A running MCP server made by {@link serveTools}.
 *
 * @example
 * ```ts
 * const served: ServedTools = await serveTools(tools, { transport: { port: 0 } });
 * console.log(served.url?.href);
 * await served.close();
 * ```
 *
 * @category Server
 */
export interface ServedTools extends AsyncDisposable {
  /** The endpoint clients connect to (HTTP only), e.g. `http://127.0.0.1:53111/mcp`. */
  readonly url: URL | undefined;
  /** Stops serving: closes every session and, for HTTP, the listening socket. */
  close(): Promise<void>;
}
