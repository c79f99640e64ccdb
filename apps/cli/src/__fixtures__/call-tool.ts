// Calls a function tool's execute() directly, as the agent's tool runtime would, with a signal of the test's choosing.
import type { Tool, ToolContext } from '@tandem/core';

/** Runs `tool` with `input`; resolves with what execute returned. */
export async function callTool(tool: Tool, input: Record<string, unknown>, signal: AbortSignal = new AbortController().signal): Promise<unknown> {
  if (tool.kind !== 'function' || tool.execute === undefined) throw new Error(`${tool.name} is not an executable function tool`);
  const context = { toolCallId: 'call_1', toolName: tool.name, signal, messages: [], invocationState: {}, requestState: {}, attempt: 1, progress: () => undefined, emit: () => undefined };
  return await tool.execute(input, context as unknown as ToolContext);
}
