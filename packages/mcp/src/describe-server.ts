import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpTransportOptions } from './mcp-client-options.js';
import { StdioProcessTransport } from './stdio-process-transport.js';

/**
 * A short display name for a server: `"node server.js"` for stdio, the URL without credentials or
 * query for HTTP (so no secret ends up in an error message).
 * @internal
 */
export function describeServer(options: McpTransportOptions): string {
  switch (options.type) {
    case 'stdio':
      return `"${[basename(options.command), ...(options.args ?? []).map((arg) => basename(arg))].join(' ')}"`;
    case 'http': {
      const url = new URL(options.url);
      return `${url.origin}${url.pathname}`;
    }
    case 'custom':
      return options.name ?? 'custom';
  }
}

/**
 * Why a transport closed, as far as we can tell: for a process, its exit code or signal and the tail of its stderr.
 * @internal
 */
export function describeClose(transport: Transport): string {
  if (!(transport instanceof StdioProcessTransport)) return 'the connection closed';
  const exit = transport.exit;
  const failure = transport.failureReason;
  const how =
    failure !== undefined
      ? failure
      : exit === undefined
      ? 'the process closed its output'
      : exit.signal !== null
        ? `the process was killed by ${exit.signal}`
        : `the process exited with code ${exit.code ?? 'unknown'}`;
  const stderr = transport.stderrOutput.trim();
  return stderr.length > 0 ? `${how} (its stderr ended with: ${JSON.stringify(stderr.slice(-500))})` : how;
}

/** The last segment of a path, for either separator (no node:path: this runs in every runtime). */
function basename(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  return trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
}
