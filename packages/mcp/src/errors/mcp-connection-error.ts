import { redactRegisteredSecrets, TandemError } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.McpConnectionError');

/**
 * Constructor options of {@link McpConnectionError}.
 *
 * @example
 * ```ts
 * throw new McpConnectionError({ server: 'my-server', message: 'The server is down.' });
 * ```
 *
 * @category Errors
 */
export interface McpConnectionErrorOptions {
  readonly message: string;
  /** The server's display name (its command or URL). */
  readonly server: string;
  readonly cause?: unknown;
}

/**
 * The MCP server could not be reached, or it went away (the process died, the connection closed, the
 * HTTP endpoint failed). Every call pending at that moment fails with this error; the next call
 * reconnects (for stdio: starts a new process).
 *
 * @example
 * ```ts
 * try {
 *   await client.callTool('echo', { message: 'hi' });
 * } catch (error) {
 *   if (McpConnectionError.isInstance(error)) console.warn(`${error.server} is down: ${error.message}`);
 * }
 * ```
 *
 * @category Errors
 */
export class McpConnectionError extends TandemError {
  /** The server's display name (its command or URL). */
  readonly server: string;
  declare private readonly [BRAND]: true;

  constructor(options: McpConnectionErrorOptions) {
    super('MCP_CONNECTION_ERROR', { message: options.message, cause: options.cause });
    this[BRAND] = true;
    this.name = 'McpConnectionError';
    this.server = redactRegisteredSecrets(options.server);
  }

  /** True when `error` is an {@link McpConnectionError}, from any copy of the package. */
  static override isInstance(error: unknown): error is McpConnectionError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
