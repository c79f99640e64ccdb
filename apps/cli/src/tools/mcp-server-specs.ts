import type { McpServerConfig } from '../config/config-schema.js';
import { CliError } from '../errors/cli-error.js';
import { splitCommandLine } from './split-command-line.js';

/** An MCP server to connect to: from `mcpServers` (named by its key) or from `--mcp`/`--mcp-url` (named by the server). */
export interface McpServerSpec {
  /** The config key; undefined for `--mcp`/`--mcp-url`, which use the name the server reports. */
  readonly name?: string;
  readonly server: McpServerConfig;
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

