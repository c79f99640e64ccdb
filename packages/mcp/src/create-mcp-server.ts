import { errorText, functionToolDefinition, type AgentEvent, type FunctionTool, type Tool } from '@tandem/core';
import * as cfworker from '@cfworker/json-schema';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Implementation,
  type ServerNotification,
} from '@modelcontextprotocol/sdk/types.js';
import { cfworkerValidator } from './cfworker-validator.js';
import { DEFAULT_CLIENT_INFO } from './open-connection.js';
import { runServedTool } from './run-served-tool.js';
import { toCallToolResult } from './to-call-tool-result.js';

/**
 * Options of {@link createMcpServer} and `serveTools()`.
 *
 * @example
 * ```ts
 * const server = createMcpServer(tools, { serverInfo: { name: 'my-tools', version: '1.0.0' }, invocationState: { db } });
 * ```
 *
 * @category Server
 */
export interface McpServerOptions {
  /** Name and version the server reports. Default `@tandem/mcp` and its version. */
  readonly serverInfo?: Implementation;
  /** Usage instructions sent to clients at initialization. */
  readonly instructions?: string;
  /** Shared with every call as `ctx.invocationState` (for the server's lifetime). */
  readonly invocationState?: Record<string, unknown>;
  /** Receives events a tool re-emits with `ctx.emit()` (e.g. a nested agent's). */
  readonly onEvent?: (event: AgentEvent) => void;
}

/**
 * Builds an MCP server (the SDK's low-level `Server`) that lists and runs Tandem function tools; connect
 * it to any SDK server transport. `serveTools()` does this for stdio and Streamable HTTP.
 *
 * Each call runs `execute` with a `ToolContext` whose `signal` aborts when the client cancels (or the
 * tool's `config.timeoutMs` passes); `ctx.progress()` and the items of a streaming tool become progress
 * notifications; the result is mapped like the agent maps it for a model (`toModelInput`, an
 * aggregator's `toModelInput`, or strings → text, objects → JSON + `structuredContent`, `toolContent()` →
 * image/audio blocks). A thrown error becomes `isError: true` with the text `"<Name>: <message>"`.
 *
 * @example
 * ```ts
 * const server = createMcpServer([weather]);
 * const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
 * await server.connect(serverSide);
 * ```
 *
 * @category Server
 */
export function createMcpServer(tools: readonly Tool[], options: McpServerOptions = {}): Server {
  const byName = indexTools(tools);
  const server = new Server(options.serverInfo ?? DEFAULT_CLIENT_INFO, {
    capabilities: { tools: {} },
    instructions: options.instructions,
    jsonSchemaValidator: cfworkerValidator(cfworker),
  });
  const invocationState = options.invocationState ?? {};
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...byName.values()].map((tool) => {
      const { description, inputSchema } = functionToolDefinition(tool);
      return { name: tool.name, description, inputSchema: { type: 'object' as const, ...inputSchema } };
    }),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (tool === undefined) {
      return errorResult(`Unknown tool "${request.params.name}". Available tools: ${[...byName.keys()].join(', ')}.`);
    }
    const progressToken = request.params._meta?.progressToken;
    let progressCount = 0;
    const sending: Promise<void>[] = [];
    const progress = (value: unknown, label: string | undefined): Promise<void> => {
      if (progressToken === undefined) return Promise.resolve();
      progressCount += 1;
      const notification: ServerNotification = {
        method: 'notifications/progress',
        params: { progressToken, progress: progressCount, message: label ?? progressMessage(value) },
      };
      // Resolves a macrotask after the write, so consecutive notifications (and the result) go out in
      // separate writes: some clients drop a notification that arrives in the same read as the response.
      const sent = extra
        .sendNotification(notification)
        .catch(() => undefined)
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)));
      sending.push(sent);
      return sent;
    };
    try {
      const output = await runServedTool(tool, request.params.arguments ?? {}, {
        requestId: String(extra.requestId),
        signal: extra.signal,
        invocationState,
        progress,
        emit: (event) => options.onEvent?.(event),
      });
      await Promise.all(sending); // progress goes out before the result
      return toCallToolResult(output);
    } catch (error) {
      return errorResult(errorText(error));
    }
  });
  return server;
}

type ExecutableTool = FunctionTool & { execute: NonNullable<FunctionTool['execute']> };

function indexTools(tools: readonly Tool[]): Map<string, ExecutableTool> {
  const byName = new Map<string, ExecutableTool>();
  for (const tool of tools) {
    if (tool.kind !== 'function') throw new TypeError(`Cannot serve the provider tool "${tool.name}" over MCP: only function tools run locally.`);
    if (tool.execute === undefined) throw new TypeError(`Cannot serve "${tool.name}" over MCP: it has no execute (schema-only tools run in the caller).`);
    if (byName.has(tool.name)) throw new TypeError(`Two tools are named "${tool.name}"; MCP tool names must be unique.`);
    byName.set(tool.name, tool as ExecutableTool);
  }
  return byName;
}

function errorResult(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

function progressMessage(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
