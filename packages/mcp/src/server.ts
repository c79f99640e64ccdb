/**
 * The server side of Tandem MCP: expose Tandem tools as an MCP server over stdio or Streamable HTTP.
 * Import it from `@tandem/mcp/server`, so apps that only use MCP servers never load server code.
 *
 * @packageDocumentation
 */
export { serveTools } from './serve-tools.js';
export type { ServeToolsOptions, ServeTransport, ServeHttpOptions, ServedTools } from './serve-tools-options.js';
export { createMcpServer, type McpServerOptions } from './create-mcp-server.js';
export { toCallToolResult } from './to-call-tool-result.js';
export { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_TIMEOUT_MS } from './serve-http.js';
