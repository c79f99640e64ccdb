import { McpClient } from './mcp-client.js';
import type { McpClientBehaviour, McpHttpOptions } from './mcp-client-options.js';
import { McpToolset, type McpToolsetOptions } from './mcp-toolset.js';

/**
 * Options of {@link getHttpTools}: HTTP settings, client behaviour, and toolset options.
 *
 * @example
 * ```ts
 * const options: HttpToolsOptions = { headers: { Authorization: `Bearer ${token}` }, toolPrefix: 'crm_', timeoutMs: 90_000 };
 * ```
 *
 * @category Client
 */
export interface HttpToolsOptions extends McpHttpOptions, McpClientBehaviour, McpToolsetOptions {}

/**
 * Connects to a remote MCP server over Streamable HTTP — falling back to the legacy HTTP+SSE transport
 * when the server only speaks that — and returns its tools as an {@link McpToolset}. A dropped session
 * or unreachable server fails the pending calls with error results; the next call reconnects.
 *
 * @example
 * ```ts
 * await using tools = await getHttpTools('https://mcp.example.com/mcp', {
 *   headers: { Authorization: `Bearer ${process.env.MCP_TOKEN}` },
 *   toolPrefix: 'example_',
 *   timeoutMs: 120_000,
 * });
 * const agent = new Agent({ tools });
 * ```
 *
 * @category Client
 */
export async function getHttpTools(url: string | URL, options: HttpToolsOptions = {}): Promise<McpToolset> {
  const client = new McpClient({ ...options, transport: { ...options, type: 'http', url } });
  return McpToolset.create(client, options);
}
