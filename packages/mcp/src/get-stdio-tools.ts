import { McpClient } from './mcp-client.js';
import type { McpClientBehaviour } from './mcp-client-options.js';
import { McpToolset, type McpToolsetOptions } from './mcp-toolset.js';
import type { StdioServerParams } from './stdio-process-transport.js';

/**
 * Options of {@link getStdioTools}: how to start the process, client behaviour, and toolset options.
 *
 * @example
 * ```ts
 * const options: StdioToolsOptions = { command: 'node', args: ['server.js'], env: { API_KEY: key }, toolPrefix: 'srv_' };
 * ```
 *
 * @category Client
 */
export interface StdioToolsOptions extends StdioServerParams, McpClientBehaviour, McpToolsetOptions {}

/**
 * Starts a local MCP server process (spawned directly, no shell) and returns its tools as an
 * {@link McpToolset}. The one process serves every call until `close()`; if it dies, pending calls fail
 * with an error result and the next call starts a new process. `close()` resolves once the process has
 * exited (stdin closed, then SIGTERM, then SIGKILL after `killGraceMs`).
 *
 * @example
 * ```ts
 * import { Agent, userMessage } from '@tandem/core';
 * import { getStdioTools } from '@tandem/mcp';
 *
 * await using tools = await getStdioTools({
 *   command: 'npx',
 *   args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp/work'],
 *   toolPrefix: 'fs_',
 * });
 * const run = new Agent({ tools }).run(model, [userMessage('What is in /tmp/work?')]);
 * console.log((await run.result).text);
 * ```
 *
 * @category Client
 */
export async function getStdioTools(options: StdioToolsOptions): Promise<McpToolset> {
  const client = new McpClient({ ...options, transport: { ...options, type: 'stdio' } });
  return McpToolset.create(client, options);
}
