import type { McpClient } from './mcp-client.js';
import type { McpToolInfo } from './mcp-client-options.js';
import { mcpTool, type McpFunctionTool, type McpToolOptions } from './mcp-tool.js';
import { mcpToolName } from './mcp-tool-name.js';

/**
 * Options of {@link McpToolset.create} (also accepted by `getStdioTools()` / `getHttpTools()`).
 *
 * @example
 * ```ts
 * const toolset = await McpToolset.create(client, { toolPrefix: 'github_', timeoutMs: 30_000 });
 * ```
 *
 * @category Client
 */
export interface McpToolsetOptions {
  /** Prepended to every server tool name (then sanitized to `[a-zA-Z0-9_-]`, cut to 64). */
  readonly toolPrefix?: string;
  /** Per-call timeout of the tools (default: the client's). */
  readonly timeoutMs?: number;
  /** Aborts the initial `tools/list`. */
  readonly signal?: AbortSignal;
  /**
   * Ask before each call of these tools runs: `true` for every tool, or a function of the call's input and
   * context (`ctx.toolName` is the Tandem name) — e.g. `(_input, ctx) => !ctx.toolName.startsWith('read_')`.
   */
  readonly needsApproval?: McpToolOptions['needsApproval'];
}

/**
 * The tools of one MCP server as an array of Tandem tools, plus the connection behind them.
 * Pass it straight to an `Agent`; `await using` (or `close()`) closes the connection afterwards — for
 * stdio, the server process is reaped before `close()` resolves.
 *
 * When the server announces `notifications/tools/list_changed`, the array is refreshed in place (agents
 * constructed afterwards see the new tools). Names that collide after sanitizing get a `_2`, `_3` … suffix.
 *
 * @example
 * ```ts
 * await using tools = await getStdioTools({ command: 'mcp-server-filesystem', args: [dir] });
 * const run = new Agent({ tools }).run(model, [userMessage('List the files.')]);
 * console.log((await run.result).text);
 * ```
 *
 * @category Client
 */
export class McpToolset extends Array<McpFunctionTool> implements AsyncDisposable {
  /** Array methods (`map`, `filter`, …) return plain arrays. */
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  /** The client that serves the tools (resources, prompts, logging: see `McpClient`). */
  declare readonly client: McpClient;
  declare private readonly toolOptions: McpToolsetOptions;
  declare private readonly unsubscribe: () => void;

  /**
   * Lists the server's tools and wraps them. On failure the client is closed, so no process is left behind.
   *
   * @example
   * ```ts
   * const client = new McpClient({ transport: { type: 'stdio', command: 'my-server' } });
   * await using tools = await McpToolset.create(client, { toolPrefix: 'my_' });
   * ```
   */
  static async create(client: McpClient, options: McpToolsetOptions = {}): Promise<McpToolset> {
    let infos: McpToolInfo[];
    try {
      infos = await client.listTools({ signal: options.signal });
    } catch (error) {
      await client.close();
      throw error;
    }
    const toolset = new McpToolset();
    Object.defineProperties(toolset, {
      client: { value: client, enumerable: false },
      toolOptions: { value: options, enumerable: false },
      unsubscribe: { value: client.onToolsChanged((tools) => toolset.replace(tools)), enumerable: false },
    });
    toolset.replace(infos);
    return toolset;
  }

  /** Re-lists the server's tools and replaces this array's contents with them. */
  async refresh(options: { readonly signal?: AbortSignal } = {}): Promise<void> {
    this.replace(await this.client.listTools(options));
  }

  /** Closes the connection (for stdio: the process has exited when this resolves). */
  async close(): Promise<void> {
    this.unsubscribe();
    await this.client.close();
  }

  /** Same as {@link McpToolset.close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  private replace(infos: readonly McpToolInfo[]): void {
    const taken = new Set<string>();
    const tools = infos.map((info) => {
      const base = mcpToolName(info.name, this.toolOptions.toolPrefix);
      let name = base;
      for (let n = 2; taken.has(name); n += 1) name = `${base.slice(0, 64 - `_${n}`.length)}_${n}`;
      taken.add(name);
      return mcpTool(this.client, info, { name, timeoutMs: this.toolOptions.timeoutMs, needsApproval: this.toolOptions.needsApproval });
    });
    this.splice(0, this.length, ...tools);
  }
}
