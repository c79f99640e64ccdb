import type { FunctionTool, JsonSchema, NeedsApproval } from '@tandem/core';
import type { McpClient } from './mcp-client.js';
import type { McpToolInfo } from './mcp-client-options.js';
import { mapCallToolResult } from './map-call-tool-result.js';
import { mcpInputValidator } from './mcp-input-validator.js';
import { mcpToolName } from './mcp-tool-name.js';

/**
 * A Tandem function tool backed by an MCP server's tool; `mcp` keeps the server's description of it.
 *
 * @example
 * ```ts
 * const destructive = toolset.filter((tool: McpFunctionTool) => tool.mcp.annotations?.destructiveHint === true);
 * ```
 *
 * @category Client
 */
export interface McpFunctionTool extends FunctionTool<unknown, unknown> {
  /** The server's description of the tool (its own name, annotations, output schema, …). */
  readonly mcp: McpToolInfo;
}

/**
 * Options of {@link mcpTool}.
 *
 * @example
 * ```ts
 * mcpTool(client, info, { toolPrefix: 'docs_', timeoutMs: 10_000 });
 * ```
 *
 * @category Client
 */
export interface McpToolOptions {
  /** Prepended to the server's tool name (then sanitized, see {@link mcpToolName}). */
  readonly toolPrefix?: string;
  /** Overrides the client's per-call timeout for this tool. */
  readonly timeoutMs?: number;
  /** The Tandem name to use instead of the derived one. */
  readonly name?: string;
  /**
   * Ask before each call runs (human in the loop): `true`, or a function of the call's input and context
   * (`ctx.toolName` says which tool). See `tool-approval-request`, `run.approve()` / `run.deny()`.
   */
  readonly needsApproval?: boolean | NeedsApproval<unknown>;
}

/**
 * Wraps one MCP tool as a Tandem {@link McpFunctionTool}. Arguments are checked against the tool's
 * `inputSchema` first (with `@cfworker/json-schema`): bad ones are an error result naming the problem, and the
 * server is not called. Calling it calls the server: the call's
 * `signal` cancels the request, every progress notification becomes a `partial-tool-call-result` event
 * (value `{ progress, total?, message? }`, label = the message), and the result is mapped by
 * {@link mapCallToolResult} (`isError` → a thrown {@link McpToolError}, i.e. an error result).
 *
 * @example
 * ```ts
 * const client = new McpClient({ transport: { type: 'http', url: 'http://127.0.0.1:3001/mcp' } });
 * const [info] = await client.listTools();
 * const agent = new Agent({ tools: [mcpTool(client, info!, { toolPrefix: 'demo_' })] });
 * ```
 *
 * @category Client
 */
export function mcpTool(client: McpClient, info: McpToolInfo, options: McpToolOptions = {}): McpFunctionTool {
  const serverName = info.name;
  const description = info.description ?? info.title ?? info.annotations?.title ?? `The "${serverName}" tool of an MCP server.`;
  const inputSchema = info.inputSchema as JsonSchema;
  const tool: McpFunctionTool = {
    kind: 'function',
    name: options.name ?? mcpToolName(serverName, options.toolPrefix),
    description,
    inputSchema,
    mcp: info,
    validate: mcpInputValidator(info.inputSchema),
    ...(options.needsApproval === undefined ? {} : { needsApproval: options.needsApproval }),
    async execute(input, context) {
      const result = await client.callTool(serverName, isRecord(input) ? input : {}, {
        signal: context.signal,
        timeoutMs: options.timeoutMs,
        onProgress: (progress) => context.progress(progress, progress.message === undefined ? undefined : { label: progress.message }),
      });
      return mapCallToolResult(result, serverName);
    },
  };
  // The deprecated `spec` shape, for code that still reads `tool.spec.params`.
  return Object.defineProperty(tool, 'spec', { value: { description, params: inputSchema }, enumerable: false });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
