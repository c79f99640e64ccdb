import { registerSecret } from '@tandem/core';
import type { McpTransportOptions } from './mcp-client-options.js';

/** Header and environment variable names whose values are credentials. */
const SECRET_NAME = /authorization|cookie|token|secret|password|passwd|api[-_]?key|access[-_]?key|credential/i;

/**
 * Registers the credentials a transport carries — HTTP headers such as `Authorization` (without the
 * `Bearer` scheme) and stdio environment variables such as `GITHUB_TOKEN` — so no Tandem error shows
 * them, even when a server echoes them back in an error message.
 * @internal
 */
export function registerTransportSecrets(transport: McpTransportOptions): void {
  const entries =
    transport.type === 'http' ? Object.entries(transport.headers ?? {}) : transport.type === 'stdio' ? Object.entries(transport.env ?? {}) : [];
  for (const [name, value] of entries) {
    if (SECRET_NAME.test(name)) registerSecret(/^\s*(?:Bearer|Basic|Token)\s+(\S+)\s*$/i.exec(value)?.[1] ?? value);
  }
}
