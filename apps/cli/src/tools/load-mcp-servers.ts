import { basename } from 'node:path';
import { getHttpTools, getStdioTools, type McpToolset } from '@tandem/mcp';
import type { McpServerConfig } from '../config/config-schema.js';
import { CliError } from '../errors/cli-error.js';
import { splitCommandLine } from './split-command-line.js';

/** An MCP server to connect to: from `mcpServers` (named by its key) or from `--mcp`/`--mcp-url` (named by the server). */
export interface McpServerSpec {
  /** The config key; undefined for `--mcp`/`--mcp-url`, which use the name the server reports. */
  readonly name?: string;
  readonly server: McpServerConfig;
}

/** A connected MCP server and its tools. */
export interface ConnectedMcpServer {
  readonly name: string;
  readonly tools: McpToolset;
}

/** Options of {@link connectMcpServers}. */
export interface ConnectOptions {
  /** Receives each server's stderr (default: dropped; `--verbose` prints it). */
  readonly onStderr?: (server: string, chunk: string) => void;
  readonly signal?: AbortSignal;
}

/**
 * The servers of `--mcp "<command line>"` (repeatable) and `--mcp-url URL` (with every `--header K=V`).
 *
 * @throws CliError (`usage`) for an unterminated quote or a header without `=`.
 */
export function flagServers(options: { readonly mcp?: readonly string[]; readonly mcpUrl?: readonly string[]; readonly header?: readonly string[] }): McpServerSpec[] {
  const headers: Record<string, string> = {};
  for (const header of options.header ?? []) {
    const equals = header.indexOf('=');
    if (equals <= 0) throw new CliError('usage', `--header ${header}: write it as Name=value.`);
    headers[header.slice(0, equals).trim()] = header.slice(equals + 1);
  }
  if (Object.keys(headers).length > 0 && (options.mcpUrl ?? []).length === 0) {
    throw new CliError('usage', '--header applies to --mcp-url servers; add --mcp-url URL.');
  }
  const stdio = (options.mcp ?? []).map((line): McpServerSpec => {
    let words: string[];
    try {
      words = splitCommandLine(line);
    } catch (error) {
      throw new CliError('usage', `--mcp: ${(error as Error).message}`, { cause: error });
    }
    const [command, ...args] = words as [string, ...string[]];
    return { server: { command, args } };
  });
  const http = (options.mcpUrl ?? []).map((url): McpServerSpec => {
    try {
      new URL(url);
    } catch {
      throw new CliError('usage', `--mcp-url ${url}: expected an http(s) URL.`);
    }
    return { server: { url, headers } };
  });
  return [...stdio, ...http];
}

/**
 * Starts (stdio) or connects to (http) every server at once and lists its tools. When one fails, the
 * others are closed and a `startup` {@link CliError} (exit 4) names the server.
 */
export async function connectMcpServers(specs: readonly McpServerSpec[], options: ConnectOptions = {}): Promise<ConnectedMcpServer[]> {
  const settled = await Promise.allSettled(specs.map((spec) => connect(spec, options)));
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure === undefined) return settled.map((outcome) => (outcome as PromiseFulfilledResult<ConnectedMcpServer>).value);
  await Promise.all(settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.tools.close() : undefined)));
  throw failure.reason;
}

async function connect(spec: McpServerSpec, options: ConnectOptions): Promise<ConnectedMcpServer> {
  const { server } = spec;
  const label = spec.name ?? ('url' in server ? server.url : [server.command, ...(server.args ?? [])].join(' '));
  try {
    const tools =
      'url' in server
        ? await getHttpTools(server.url, { headers: server.headers, toolPrefix: server.toolPrefix, timeoutMs: server.timeoutMs, signal: options.signal })
        : await getStdioTools({
            command: server.command,
            args: server.args,
            env: server.env,
            cwd: server.cwd,
            toolPrefix: server.toolPrefix,
            timeoutMs: server.timeoutMs,
            stderr: 'pipe',
            onStderr: (chunk) => options.onStderr?.(label, chunk),
            killGraceMs: 1000,
            signal: options.signal,
          });
    return { name: spec.name ?? reportedName(tools, server), tools };
  } catch (error) {
    throw new CliError('startup', `MCP server ${spec.name === undefined ? '' : `"${spec.name}" `}(${label}) failed to start: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function reportedName(tools: McpToolset, server: McpServerConfig): string {
  const reported = tools.client.serverInfo?.name;
  if (reported !== undefined && reported !== '') return reported;
  return 'url' in server ? new URL(server.url).host : basename(server.command);
}
