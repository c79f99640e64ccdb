import type { EchoCaller } from './mcp.js';

/** Tandem's side of workload 6: pending until `@tandem/mcp` is committed and builds. */
export function tandemMcpCaller(): (() => Promise<EchoCaller>) | string {
  return '`@tandem/mcp` not available to the bench yet';
}
