import type { StopCondition } from '@tandem/core';

/**
 * Stop condition: ends the run after a step in which the model called the tool `toolName` (that step's
 * tools, including this call, still run and are recorded). Only the latest step is inspected, so inside
 * {@link allOf} every named tool must be called in the same step.
 *
 * @throws TypeError when `toolName` is not a non-empty string.
 *
 * @example
 * ```ts
 * // Run until the model submits its answer through the `submit_answer` tool.
 * const agent = new Agent({ tools: [search, submitAnswer], stopWhen: hasToolCall('submit_answer') });
 * ```
 *
 * @category Stop conditions
 */
export function hasToolCall(toolName: string): StopCondition {
  if (typeof toolName !== 'string' || toolName === '') {
    throw new TypeError(`hasToolCall(): toolName must be a non-empty string; got ${String(toolName)}.`);
  }
  return ({ steps }) => steps.at(-1)?.toolCalls.some((call) => call.toolName === toolName) ?? false;
}
