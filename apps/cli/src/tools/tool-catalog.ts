import type { Tool } from '@tandem/core';
import type { LoadedConfig } from '../config/load-config.js';
import { CliError } from '../errors/cli-error.js';
import { builtinTools } from '../builtin-tools/builtin-tools.js';
import type { ConnectOptions } from './connect-mcp-servers.js';
import type { McpServerSpec } from './mcp-server-specs.js';
import { loadToolModule } from './load-tool-module.js';

/** Where a tool comes from, as `tandem tools` shows it. */
export type ToolSource = 'builtin' | 'module' | `mcp:${string}`;

/** One tool and its source. */
export interface CatalogEntry {
  readonly tool: Tool;
  readonly source: ToolSource;
}

/** Every tool of an invocation; `close()` stops the MCP servers. */
export interface ToolCatalog extends AsyncDisposable {
  readonly entries: readonly CatalogEntry[];
  readonly tools: readonly Tool[];
  close(): Promise<void>;
}

/** What {@link loadToolCatalog} loads. */
export interface ToolCatalogInput extends ConnectOptions {
  readonly config: LoadedConfig;
  /** Absolute paths of `--tools` modules (the config's come from `config.tools`). */
  readonly modules: readonly string[];
  /** `--mcp` / `--mcp-url` servers (the config's come from `config.mcpServers`). */
  readonly servers: readonly McpServerSpec[];
  /** Include the built-in tools (default true). */
  readonly builtins?: boolean;
  /** The built-in file tools' tree (default `process.cwd()`). */
  readonly cwd?: string;
  /** `--allow-path` folders the built-in file tools may use too. */
  readonly allowPaths?: readonly string[];
  /** Extra tools of the command (e.g. the demo's), source `builtin`. */
  readonly extra?: readonly Tool[];
}

/**
 * Loads the built-in tools, the config's and `--tools` modules, and the tools of every MCP server.
 *
 * @throws CliError (`startup`, exit 4) when a module or server fails, or two tools share a name.
 */
export async function loadToolCatalog(input: ToolCatalogInput): Promise<ToolCatalog> {
  const entries: CatalogEntry[] = [];
  for (const tool of [...(input.builtins === false ? [] : builtinTools({ cwd: input.cwd, allowPaths: input.allowPaths })), ...(input.extra ?? [])]) entries.push({ tool, source: 'builtin' });
  for (const path of [...input.config.tools, ...input.modules]) {
    for (const tool of await loadToolModule(path)) entries.push({ tool, source: 'module' });
  }
  const specs = [...Object.entries(input.config.mcpServers).map(([name, server]) => ({ name, server })), ...input.servers];
  // @tandem/mcp (and the MCP SDK) load only when there are servers to connect to.
  const servers = specs.length === 0 ? [] : await (await import('./connect-mcp-servers.js')).connectMcpServers(specs, input);
  const close = async (): Promise<void> => {
    await Promise.all(servers.map((server) => server.close()));
  };
  for (const server of servers) for (const tool of server.tools) entries.push({ tool, source: `mcp:${server.name}` });

  const seen = new Map<string, ToolSource>();
  for (const { tool, source } of entries) {
    const other = seen.get(tool.name);
    if (other !== undefined) {
      await close();
      throw new CliError(
        'startup',
        `Two tools are named "${tool.name}" (${other} and ${source}). Rename one, or give the MCP server a "toolPrefix" in tandem.config.json.`,
      );
    }
    seen.set(tool.name, source);
  }
  return { entries, tools: entries.map((entry) => entry.tool), close, [Symbol.asyncDispose]: close };
}
