/** Longest tool name models accept. */
const MAX_TOOL_NAME_LENGTH = 64;

/**
 * The Tandem name of an MCP tool: `toolPrefix + name`, with every character outside `[a-zA-Z0-9_-]`
 * replaced by `_` and the result cut to 64 characters. Without a prefix, a valid server name is kept as is.
 *
 * @example
 * ```ts
 * mcpToolName('read.file', 'fs_');   // 'fs_read_file'
 * mcpToolName('get-sum');            // 'get-sum'
 * ```
 *
 * @category Client
 */
export function mcpToolName(name: string, toolPrefix = ''): string {
  const sanitized = `${toolPrefix}${name}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, MAX_TOOL_NAME_LENGTH);
  return sanitized.length > 0 ? sanitized : '_';
}
