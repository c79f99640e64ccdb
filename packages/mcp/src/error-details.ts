import { loadedClientSdk } from './mcp-sdk.js';
import type { Connection } from './open-connection.js';

/** True for a response that failed the SDK's schema validation (not a transport problem). @internal */
export function isInvalidResponse(error: unknown): boolean {
  return error instanceof Error && /ZodError/.test(error.name);
}

/** Explains a failed connection attempt, with the HTTP status and a hint. @internal */
export function connectFailure(error: unknown, detail?: string): string {
  const status = httpStatusOf(error);
  if (status === 401 || status === 403) {
    return `HTTP ${status} (${errorMessage(error)}). Check the credentials: the \`headers\` (e.g. Authorization), or pass \`auth: mcpOAuth()\` for a server that uses OAuth.`;
  }
  const prefix = status === undefined ? '' : `HTTP ${status} `;
  const why = detail === undefined ? '' : `: ${detail}`;
  return `${prefix}${errorMessage(error)}${why}. Check the command/URL and that the server speaks MCP.`;
}

/** The HTTP status carried by the SDK's `StreamableHTTPError` / `SseError`, if any. */
function httpStatusOf(error: unknown): number | undefined {
  const McpError = loadedClientSdk()?.types.McpError;
  if (!(error instanceof Error) || (McpError !== undefined && error instanceof McpError)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' && code >= 100 && code < 600 ? code : undefined;
}

/** The message of an error, or the value as text. @internal */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * True when a Streamable HTTP server rejected a request carrying our session id with 404 (what the spec
 * prescribes for an unknown session) or 400 (what several servers send instead). Either way the request
 * was not processed, so starting a new session and sending it again is safe.
 * @internal
 */
export function isSessionExpired(error: unknown, connection: Connection): boolean {
  const http = loadedClientSdk()?.streamableHttp;
  if (http === undefined) return false;
  const { StreamableHTTPClientTransport, StreamableHTTPError } = http;
  return (
    error instanceof StreamableHTTPError &&
    (error.code === 404 || error.code === 400) &&
    connection.inner instanceof StreamableHTTPClientTransport &&
    connection.inner.sessionId !== undefined
  );
}
