import type { FunctionTool } from '@tandem/core';

/**
 * The most attempts a durable run journals for one tool call: a tool's `config.retry.maxAttempts` may not
 * exceed it.
 *
 * @example
 * ```ts
 * const fetchPage = tool({ …, config: { retry: { maxAttempts: Math.min(10, MAX_JOURNALED_ATTEMPTS) } } });
 * ```
 *
 * @category Utilities
 */
export const MAX_JOURNALED_ATTEMPTS = 100;

/** How many attempts the agent makes of a call of `tool` at most (`config.retry.maxAttempts`, default 1). @internal */
export function maxAttemptsOf(tool: FunctionTool): number {
  const maxAttempts = tool.config?.retry?.maxAttempts;
  if (maxAttempts === undefined) return 1;
  const floored = Math.floor(maxAttempts);
  // The agent makes one attempt when maxAttempts is not a number (NaN never exceeds the attempt count).
  return Number.isNaN(floored) ? 1 : Math.max(1, floored);
}
