import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { cfworkerValidator } from './cfworker-validator.js';
import { describeClose } from './describe-server.js';
import { McpOAuthError } from './errors/mcp-oauth-error.js';
import type { McpClientOptions } from './mcp-client-options.js';
import type { McpClientSdk } from './mcp-sdk.js';
import { DEFAULT_CLIENT_INFO, type Connection } from './open-connection.js';

/** SDK transport errors meaning the HTTP server can no longer be reached. */
const STREAM_LOST = /Failed to reconnect SSE stream|Maximum reconnection attempts/;

/** What a new SDK client reports back to the connection that owns it. @internal */
export interface SdkClientHost {
  /** The connection this client belongs to (once it exists). */
  current(): Connection | undefined;
  /** Drops a connection that can no longer work. */
  drop(connection: Connection, reason: string): void;
  /** The transport closed: the connection is gone. */
  closed(connection: Connection): void;
  /** The server announced `notifications/tools/list_changed`. */
  toolsChanged(): void;
  reportError(error: unknown): void;
}

/**
 * Makes the SDK client of one connection: capabilities (elicitation only when handled), argument and
 * output validation by `@cfworker/json-schema` (no `eval`: works on edge runtimes), log and tool-list
 * notifications, and error/close handling that fails pending calls as soon as the server is unreachable.
 * @internal
 */
export function makeSdkClient(sdk: McpClientSdk, options: McpClientOptions, host: SdkClientHost): Client {
  const { ElicitRequestSchema, LoggingMessageNotificationSchema, ToolListChangedNotificationSchema } = sdk.types;
  const onElicitation = options.onElicitation;
  const client = new sdk.client.Client(options.clientInfo ?? DEFAULT_CLIENT_INFO, {
    capabilities: onElicitation === undefined ? {} : { elicitation: { form: {} } },
    jsonSchemaValidator: cfworkerValidator(sdk.jsonSchema),
  });
  client.onerror = (error) => {
    if (McpOAuthError.isInstance(error) && error.code === 'MCP_OAUTH_AUTHORIZATION_REQUIRED') return; // handled by the retry
    host.reportError(error);
    // The HTTP transport retries a broken response stream; once that fails the server is unreachable
    // and the pending calls' replies are lost: fail them now instead of at their timeouts.
    const connection = host.current();
    if (connection !== undefined && !connection.closed && STREAM_LOST.test(error.message)) {
      host.drop(connection, `the HTTP connection failed (${error.message})`);
    }
  };
  client.onclose = () => {
    const connection = host.current();
    if (connection === undefined) return;
    connection.closeReason ??= describeClose(connection.inner);
    connection.closed = true;
    host.closed(connection);
  };
  const onLog = options.onLog;
  if (onLog !== undefined) client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => onLog(notification.params));
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => host.toolsChanged());
  if (onElicitation !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, (request, extra) => onElicitation(request.params, { signal: extra.signal }));
  }
  return client;
}
