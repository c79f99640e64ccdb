import { connectFailure, errorMessage } from './error-details.js';
import { endHttpSession } from './end-http-session.js';
import { McpConnectionError } from './errors/mcp-connection-error.js';
import { McpOAuthError } from './errors/mcp-oauth-error.js';
import { makeSdkClient } from './make-sdk-client.js';
import type { McpClientOptions } from './mcp-client-options.js';
import { loadClientSdk } from './mcp-sdk.js';
import { ConnectAttemptError, openConnection, type Connection } from './open-connection.js';

const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
const HEALTH_CHECK_TIMEOUT_MS = 5_000;

/** What the connector tells the `McpClient` it serves. @internal */
export interface McpConnectorEvents {
  toolsChanged(): void;
  reportError(error: unknown): void;
}

/**
 * The connection lifecycle of one `McpClient`: connects lazily (concurrent callers share one handshake),
 * drops a connection that failed (the next request reconnects), checks health after a timeout, and
 * closes for good. Holds no request logic.
 * @internal
 */
export class McpConnector {
  private connection: Connection | undefined;
  private connecting: Promise<Connection> | undefined;
  private connectAbort: AbortController | undefined;
  private readonly dropping = new Set<Promise<void>>();
  /** Aborted by `close()`: stops a connection attempt, or an authorization waiting for a person. */
  private readonly closing = new AbortController();
  private isClosed = false;

  constructor(
    private readonly options: McpClientOptions,
    private readonly serverName: string,
    private readonly events: McpConnectorEvents,
  ) {}

  /** The open connection, if any. */
  get current(): Connection | undefined {
    return this.connection !== undefined && !this.connection.closed ? this.connection : undefined;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** The open connection, connecting first if needed; `signal` stops waiting (not a shared handshake). */
  async ensureConnected(signal: AbortSignal | undefined): Promise<Connection> {
    if (this.isClosed) {
      throw new McpConnectionError({ server: this.serverName, message: `The MCP client for ${this.serverName} is closed; create a new one.` });
    }
    if (this.connection !== undefined && !this.connection.closed) return this.connection;
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    const connecting = this.connecting;
    if (signal === undefined) return connecting;
    return new Promise<Connection>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      connecting.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /** Closes for good; resolves once every connection is closed (for stdio: its process exited). */
  async close(): Promise<void> {
    this.isClosed = true;
    this.closing.abort(new McpConnectionError({ server: this.serverName, message: `The MCP client for ${this.serverName} was closed.` }));
    // A handshake in progress ends now (a hung server must not hold close() for the connect timeout).
    this.connectAbort?.abort(new Error('The MCP client was closed while connecting.'));
    const connecting = this.connecting;
    if (connecting !== undefined) await connecting.catch(() => undefined);
    if (this.connection !== undefined) this.drop(this.connection, 'the client was closed', { endSession: true });
    await Promise.all([...this.dropping]);
  }

  /** Ends a connection (it failed, or the client closes); the next request reconnects. */
  drop(connection: Connection, reason: string, options: { readonly endSession?: boolean } = {}): void {
    if (this.connection === connection) this.connection = undefined;
    connection.closeReason ??= reason;
    connection.closed = true;
    const closing = (options.endSession === true ? endHttpSession(connection) : Promise.resolve())
      .then(() => connection.client.close())
      .catch((error: unknown) => this.events.reportError(error))
      .finally(() => this.dropping.delete(closing));
    this.dropping.add(closing);
  }

  /** After a timeout: a server that no longer answers a ping is dropped, so the next call reconnects. */
  checkHealth(connection: Connection): void {
    if (connection.closed) return;
    connection.client.ping({ timeout: HEALTH_CHECK_TIMEOUT_MS }).catch((error: unknown) => {
      if (!connection.closed) this.drop(connection, `it stopped responding (a ping failed: ${errorMessage(error)})`);
    });
  }

  /** Aborts when `signal` does or the client closes: bounds an authorization waiting for a person. */
  authorizationSignal(signal: AbortSignal | undefined): AbortSignal {
    return signal === undefined ? this.closing.signal : AbortSignal.any([signal, this.closing.signal]);
  }

  private async open(): Promise<Connection> {
    const timeout = this.options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const abort = new AbortController();
    this.connectAbort = abort;
    let connection: Connection | undefined;
    try {
      const sdk = await loadClientSdk();
      const host = {
        current: () => connection,
        drop: (dropped: Connection, reason: string) => this.drop(dropped, reason),
        closed: (gone: Connection) => {
          if (this.connection === gone) this.connection = undefined;
        },
        toolsChanged: () => this.events.toolsChanged(),
        reportError: (error: unknown) => this.events.reportError(error),
      };
      connection = await openConnection(this.options.transport, () => makeSdkClient(sdk, this.options, host), { timeout, signal: abort.signal }, this.closing.signal);
    } catch (error) {
      if (McpOAuthError.isInstance(error)) throw error;
      const cause = error instanceof ConnectAttemptError ? error.cause : error;
      const detail = error instanceof ConnectAttemptError ? error.detail : undefined;
      if (abort.signal.aborted) {
        throw new McpConnectionError({ server: this.serverName, message: `The MCP client for ${this.serverName} was closed while connecting.`, cause });
      }
      throw new McpConnectionError({ server: this.serverName, message: `Could not connect to MCP server ${this.serverName}: ${connectFailure(cause, detail)}`, cause });
    } finally {
      if (this.connectAbort === abort) this.connectAbort = undefined;
    }
    if (this.isClosed) {
      this.drop(connection, 'the client was closed');
      throw new McpConnectionError({ server: this.serverName, message: `The MCP client for ${this.serverName} was closed while connecting.` });
    }
    this.connection = connection;
    const level = this.options.logLevel;
    if (level !== undefined && connection.client.getServerCapabilities()?.logging !== undefined) {
      await connection.client.setLoggingLevel(level, { timeout }).catch((error: unknown) => this.events.reportError(error));
    }
    return connection;
  }
}
