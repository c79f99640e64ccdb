import { redactRegisteredSecrets, redactSecretsDeep, TandemError } from '@tandem/core';
import type { ToolContentBlock } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.McpToolError');

/**
 * Constructor options of {@link McpToolError}.
 *
 * @example
 * ```ts
 * throw new McpToolError({ toolName: 'search', text: 'Quota exceeded' });
 * ```
 *
 * @category Errors
 */
export interface McpToolErrorOptions {
  /** The MCP server's name of the tool (without any `toolPrefix`). */
  readonly toolName: string;
  /** The server's error text (its text content blocks, joined). */
  readonly text: string;
  /** Every content block the server returned with the error, mapped like a success result. */
  readonly content?: readonly ToolContentBlock[];
  /** The server's `structuredContent`, when it sent one. */
  readonly structuredContent?: unknown;
}

/**
 * An MCP tool answered with `isError: true`. Thrown by the tools of an `McpToolset`, so the agent
 * records an **error** result (status `'error'`) whose text is the server's own message — not a
 * success that merely contains error text.
 *
 * @example
 * ```ts
 * for await (const event of run) {
 *   if (event.type === 'tool-call-result' && McpToolError.isInstance(event.exception)) {
 *     console.warn(`${event.exception.toolName} failed: ${event.exception.text}`);
 *   }
 * }
 * ```
 *
 * @category Errors
 */
export class McpToolError extends TandemError {
  /** The MCP server's name of the tool. */
  readonly toolName: string;
  /** The server's error text. */
  readonly text: string;
  /** The content blocks returned with the error. */
  readonly content: readonly ToolContentBlock[];
  /** The server's `structuredContent`, if any. */
  readonly structuredContent: unknown;
  declare private readonly [BRAND]: true;

  constructor(options: McpToolErrorOptions) {
    super('MCP_TOOL_ERROR', {
      message: options.text.length > 0 ? options.text : `The MCP tool "${options.toolName}" reported an error without a message.`,
    });
    this[BRAND] = true;
    this.name = 'McpToolError';
    this.toolName = options.toolName;
    this.text = redactRegisteredSecrets(options.text);
    this.content = redactSecretsDeep(options.content ?? []);
    this.structuredContent = redactSecretsDeep(options.structuredContent);
  }

  /** True when `error` is an {@link McpToolError}, from any copy of the package. */
  static override isInstance(error: unknown): error is McpToolError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
