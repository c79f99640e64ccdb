import { redactRegisteredSecrets, TandemError } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.McpTimeoutError');

/**
 * Constructor options of {@link McpTimeoutError}.
 *
 * @example
 * ```ts
 * throw new McpTimeoutError({ server: 'my-server', operation: 'tools/call search', timeoutMs: 60_000 });
 * ```
 *
 * @category Errors
 */
export interface McpTimeoutErrorOptions {
  /** The server's display name (its command or URL). */
  readonly server: string;
  /** What timed out, e.g. `tools/call echo`. */
  readonly operation: string;
  /** The timeout that passed without a reply or a progress notification. */
  readonly timeoutMs: number;
  readonly cause?: unknown;
}

/**
 * An MCP request got neither a reply nor a progress notification within its timeout. The request was
 * cancelled (`notifications/cancelled` was sent) and a reply that still arrives later is dropped.
 *
 * @example
 * ```ts
 * const tools = await getStdioTools({ command: 'my-server', timeoutMs: 120_000 }); // raise for slow tools
 * ```
 *
 * @category Errors
 */
export class McpTimeoutError extends TandemError {
  /** The server's display name. */
  readonly server: string;
  /** What timed out. */
  readonly operation: string;
  /** The timeout in milliseconds. */
  readonly timeoutMs: number;
  declare private readonly [BRAND]: true;

  constructor(options: McpTimeoutErrorOptions) {
    super('MCP_TIMEOUT', {
      message:
        `${options.operation} on MCP server ${options.server} got no reply or progress within ${options.timeoutMs} ms ` +
        `and was cancelled. Raise \`timeoutMs\` if the tool is slow, or check that the server is responsive.`,
      cause: options.cause,
    });
    this[BRAND] = true;
    this.name = 'McpTimeoutError';
    this.server = redactRegisteredSecrets(options.server);
    this.operation = redactRegisteredSecrets(options.operation);
    this.timeoutMs = options.timeoutMs;
  }

  /** True when `error` is an {@link McpTimeoutError}, from any copy of the package. */
  static override isInstance(error: unknown): error is McpTimeoutError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
