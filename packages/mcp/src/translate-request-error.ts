import { errorMessage, isInvalidResponse } from './error-details.js';
import { McpConnectionError } from './errors/mcp-connection-error.js';
import { McpOAuthError } from './errors/mcp-oauth-error.js';
import { McpTimeoutError } from './errors/mcp-timeout-error.js';
import type { McpConnector } from './mcp-connector.js';
import { loadedClientSdk } from './mcp-sdk.js';
import type { Connection } from './open-connection.js';

/** Where a request failed. @internal */
export interface FailedRequest {
  readonly server: string;
  readonly connection: Connection;
  readonly operation: string;
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
}

/**
 * What a failed request rejects with: the abort reason, an OAuth error, `McpTimeoutError` (and a health
 * check of the server), a protocol error as the SDK gave it, or `McpConnectionError` once the connection
 * is lost — which is then dropped so the next request reconnects.
 * @internal
 */
export function translateRequestError(error: unknown, request: FailedRequest, connector: McpConnector): unknown {
  const { server, connection, operation, signal, timeoutMs } = request;
  if (signal?.aborted === true) return signal.reason;
  if (McpOAuthError.isInstance(error)) return error;
  const types = loadedClientSdk()?.types;
  if (types !== undefined && error instanceof types.McpError) {
    if (error.code === types.ErrorCode.RequestTimeout) {
      connector.checkHealth(connection);
      return new McpTimeoutError({ server, operation, timeoutMs, cause: error });
    }
    if (!(error.code === types.ErrorCode.ConnectionClosed && connection.closed)) return error;
  } else if (isInvalidResponse(error)) {
    return error;
  }
  connector.drop(connection, errorMessage(error));
  if (connector.closed) {
    return new McpConnectionError({ server, message: `The MCP client for ${server} was closed during ${operation}.`, cause: error });
  }
  return new McpConnectionError({
    server,
    message: `MCP server ${server} went away during ${operation}: ${connection.closeReason}. The next call reconnects.`,
    cause: error,
  });
}
