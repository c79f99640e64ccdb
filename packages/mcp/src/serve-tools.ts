import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Tool } from '@tandem/core';
import { createMcpServer } from './create-mcp-server.js';
import { serveHttp } from './serve-http.js';
import type { ServeHttpOptions, ServedTools, ServeToolsOptions } from './serve-tools-options.js';

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
 *
 * @category Server
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
