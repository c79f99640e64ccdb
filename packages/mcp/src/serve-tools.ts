import type { IncomingMessage } from 'node:http';
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Tool } from '@tandem/core';
import { createMcpServer, type McpServerOptions } from './create-mcp-server.js';
import { serveHttp } from './serve-http.js';

/**
 * Where `serveTools()` listens.
 *
 * @example
 * ```ts
 * const transport: ServeTransport = process.env.PORT ? { port: Number(process.env.PORT) } : 'stdio';
 * ```
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
 * @example
 * ```ts
 * const http: ServeHttpOptions = { host: '127.0.0.1', port: 3001, path: '/mcp', authorize: (req) => req.headers.authorization === expected };
 * ```
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
}

/**
 * Options of {@link serveTools}.
 *
 * @example
 * ```ts
 * await serveTools(tools, { transport: 'stdio', serverInfo: { name: 'my-tools', version: '1.2.0' }, instructions: 'Use add for sums.' });
 * ```
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
 */
export interface ServedTools extends AsyncDisposable {
  /** The endpoint clients connect to (HTTP only), e.g. `http://127.0.0.1:53111/mcp`. */
  readonly url: URL | undefined;
  /** Stops serving: closes every session and, for HTTP, the listening socket. */
  close(): Promise<void>;
}

/**
 * Exposes Tandem tools as an MCP server, so any MCP client (Claude Desktop, IDEs, other agents) can call
 * them. Streaming tools work too: each yielded item becomes a progress notification, and the final
 * aggregated value is the result. See {@link createMcpServer} for how calls and results map.
 *
 * @example
 * ```ts
 * // server.ts — run with `node server.js`; clients spawn it over stdio
 * await serveTools([weather, contactMothership], { transport: 'stdio' });
 *
 * // or over Streamable HTTP on loopback, requiring a bearer token
 * await using served = await serveTools([weather], {
 *   transport: { port: 3001, authorize: (req) => req.headers.authorization === `Bearer ${process.env.MCP_TOKEN}` },
 * });
 * console.log(`MCP endpoint: ${served.url}`);
 * ```
 */
export async function serveTools(tools: readonly Tool[], options: ServeToolsOptions): Promise<ServedTools> {
  const { transport } = options;
  if (transport === 'stdio' || ('type' in transport && transport.type === 'stdio')) {
    const streams: { readonly stdin?: Readable; readonly stdout?: Writable } = transport === 'stdio' ? {} : transport;
    const server = createMcpServer(tools, options);
    const stdio = new StdioServerTransport(streams.stdin, streams.stdout);
    await server.connect(stdio);
    const close = (): Promise<void> => server.close();
    return { url: undefined, close, [Symbol.asyncDispose]: close };
  }
  const http = transport as ServeHttpOptions;
  createMcpServer(tools, options); // validates the tools now rather than at the first session
  return serveHttp(() => createMcpServer(tools, options), http);
}
