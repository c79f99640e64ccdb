import { basename } from 'node:path';
import { getHttpTools, getStdioTools, McpOAuthError, type McpOAuthStorage, type McpToolset } from '@tandem/mcp';
import type { McpServerConfig } from '../config/config-schema.js';
import { CliError } from '../errors/cli-error.js';
import { trackChild } from '../lifecycle/child-processes.js';
import { cliTokenStorage, serverOAuth, usesOAuth } from '../mcp/server-oauth.js';
import type { McpServerSpec } from './mcp-server-specs.js';

/** A connected MCP server and its tools. */
export interface ConnectedMcpServer {
  readonly name: string;
  readonly tools: McpToolset;
  /** Closes the connection (a stdio server's process is reaped first). */
  close(): Promise<void>;
}

/** Options of {@link connectMcpServers}. */
export interface ConnectOptions {
  /** Receives each server's stderr (default: dropped; `--verbose` prints it). */
  readonly onStderr?: (server: string, chunk: string) => void;
  readonly signal?: AbortSignal;
}

/**
 * Starts (stdio) or connects to (http) every server at once and lists its tools. When one fails, the
 * others are closed and a `startup` {@link CliError} (exit 4) names the server.
 */
export async function connectMcpServers(specs: readonly McpServerSpec[], options: ConnectOptions = {}): Promise<ConnectedMcpServer[]> {
  // One token file for every remote server (its writes are serialized per storage object).
  const storage = specs.some((spec) => 'url' in spec.server) ? cliTokenStorage() : undefined;
  const settled = await Promise.allSettled(specs.map((spec) => connect(spec, options, storage)));
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure === undefined) return settled.map((outcome) => (outcome as PromiseFulfilledResult<ConnectedMcpServer>).value);
  await Promise.all(settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.close() : undefined)));
  throw failure.reason;
}

async function connect(spec: McpServerSpec, options: ConnectOptions, storage: McpOAuthStorage | undefined): Promise<ConnectedMcpServer> {
  const { server } = spec;
  const where = 'url' in server ? server.url : [server.command, ...(server.args ?? [])].join(' ');
  const label = spec.name ?? where;
  try {
    const tools =
      'url' in server
        ? await getHttpTools(server.url, {
            headers: server.headers,
            toolPrefix: server.toolPrefix,
            timeoutMs: server.timeoutMs,
            // An entry's timeoutMs bounds the handshake too (connect + initialize), not just each request.
            connectTimeoutMs: server.timeoutMs,
            signal: options.signal,
            // A server that answers 401 is signed in to (MCP authorization), its tokens kept in ~/.tandem.
            ...(storage !== undefined && usesOAuth(server) ? { auth: serverOAuth(label, server, { storage }) } : {}),
          })
        : await getStdioTools({
            command: server.command,
            args: server.args,
            env: server.env,
            cwd: server.cwd,
            toolPrefix: server.toolPrefix,
            timeoutMs: server.timeoutMs,
            connectTimeoutMs: server.timeoutMs,
            stderr: 'pipe',
            onStderr: (chunk) => options.onStderr?.(label, chunk),
            killGraceMs: 1000,
            signal: options.signal,
          });
    // However tandem exits (a second Ctrl-C does not wait for close()), the server process goes with it.
    // (The client stops reporting the pid once close() has begun, which is when a second Ctrl-C lands: keep the first one.)
    const started = tools.client.pid;
    const forget =
      'url' in server
        ? () => undefined
        : trackChild(() => {
            for (const pid of new Set([tools.client.pid, started])) if (pid !== undefined) process.kill(pid, 'SIGKILL');
          });
    return { name: spec.name ?? reportedName(tools, server), tools, close: async () => tools.close().finally(forget) };
  } catch (error) {
    const hint = signInFailed(error) ? ` (tandem mcp logout ${spec.name ?? where} forgets the stored sign-in; tandem mcp login ${spec.name ?? where} signs in again)` : '';
    throw new CliError('startup', `MCP server ${spec.name === undefined ? '' : `"${spec.name}" `}(${where}) failed to start: ${(error as Error).message}${hint}`, {
      cause: error,
    });
  }
}

/** Whether signing in failed at a step where signing in again may help (not discovery or a misconfigured server). */
function signInFailed(error: unknown): boolean {
  const oauth = [error, (error as { cause?: unknown } | null)?.cause].find((candidate) => McpOAuthError.isInstance(candidate));
  return oauth !== undefined && ['MCP_OAUTH_TOKEN_REFUSED', 'MCP_OAUTH_ACCESS_DENIED', 'MCP_OAUTH_SCOPE_DENIED', 'MCP_OAUTH_TOO_MANY_ATTEMPTS'].includes(oauth.code);
}

function reportedName(tools: McpToolset, server: McpServerConfig): string {
  const reported = tools.client.serverInfo?.name;
  if (reported !== undefined && reported !== '') return reported;
  return 'url' in server ? new URL(server.url).host : basename(server.command);
}
