/**
 * Tandem MCP: use the tools of any Model Context Protocol server (stdio, Streamable HTTP, legacy SSE)
 * in a Tandem agent. Built on the official `@modelcontextprotocol/sdk`. Serving Tandem tools over MCP
 * (`serveTools`, `createMcpServer`) lives in `@tandem/mcp/server`, so this entry never loads server code.
 *
 * @packageDocumentation
 */
export { getStdioTools, type StdioToolsOptions } from './get-stdio-tools.js';
export { getHttpTools, type HttpToolsOptions } from './get-http-tools.js';
export { McpToolset, type McpToolsetOptions } from './mcp-toolset.js';
export { McpClient } from './mcp-client.js';
export type {
  McpClientOptions,
  McpClientBehaviour,
  McpTransportOptions,
  McpStdioTransportOptions,
  McpHttpTransportOptions,
  McpHttpOptions,
  McpCustomTransportOptions,
  McpRequestOptions,
  McpCallToolOptions,
  McpElicitationHandler,
  McpToolInfo,
  McpProgress,
  McpLogMessage,
  McpLogLevel,
} from './mcp-client-options.js';
export { mcpTool, type McpFunctionTool, type McpToolOptions } from './mcp-tool.js';
export { mcpToolName } from './mcp-tool-name.js';
export { mapCallToolResult, mcpContentToBlocks, type McpContentBlock } from './map-call-tool-result.js';
export { StdioProcessTransport, DEFAULT_MAX_MESSAGE_BYTES, type StdioServerParams, type ProcessExit } from './stdio-process-transport.js';
export { McpToolError, type McpToolErrorOptions } from './errors/mcp-tool-error.js';
export { McpConnectionError, type McpConnectionErrorOptions } from './errors/mcp-connection-error.js';
export { McpTimeoutError, type McpTimeoutErrorOptions } from './errors/mcp-timeout-error.js';
export { mcpOAuth } from './oauth/mcp-oauth.js';
export { McpOAuthProvider } from './oauth/mcp-oauth-provider.js';
export type { McpOAuthOptions } from './oauth/mcp-oauth-options.js';
export { memoryTokenStorage, type McpOAuthStorage, type McpOAuthRecord } from './oauth/token-storage.js';
export { fileTokenStorage } from './oauth/file-token-storage.js';
export {
  McpOAuthError,
  McpOAuthTimeoutError,
  type McpOAuthErrorCode,
  type McpOAuthErrorOptions,
  type McpOAuthTimeoutErrorOptions,
} from './errors/mcp-oauth-error.js';
