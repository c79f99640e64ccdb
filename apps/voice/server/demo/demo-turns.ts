import { planDemoTurn } from '@tandem/cli/demo-model';
import type { BidiToolCall, Message, ToolDefinition, ToolResult } from '@tandem/core/spec';

/** One response of the offline demo model: what it says, and the tools it calls as one group. */
export interface DemoTurn {
  readonly text: string;
  readonly calls: readonly BidiToolCall[];
}

/**
 * The answer to a typed turn, by the demo rules of `@tandem/cli/demo-model`: a turn that names tools
 * calls them (one group, `key=value` words as arguments); any other turn is told how to name a tool.
 */
export function typedTurn(text: string, tools: readonly ToolDefinition[], nextCallId: () => string): DemoTurn {
  const message: Message = { role: 'user', parts: [{ type: 'text', text }] };
  const plan = planDemoTurn({ tools, messages: [message] });
  if (plan.kind !== 'call-tools') return { text: plan.text, calls: [] };
  return {
    text: plan.text,
    calls: plan.calls.map((call) => ({ toolCallId: nextCallId(), toolName: call.toolName, toolArgs: JSON.stringify(call.input) })),
  };
}

/** The demo model's report of a tool group's results, by the same rules. */
export function resultsTurn(results: readonly ToolResult[]): DemoTurn {
  const message: Message = {
    role: 'tool',
    parts: results.map(({ toolCallId, toolName, status, result, modelInput }) => ({ type: 'tool-result', toolCallId, toolName, status, result, modelInput })),
  };
  return { text: planDemoTurn({ tools: [], messages: [message] }).text, calls: [] };
}

/** What the demo model says (once per connection) after hearing speech it cannot understand. */
export function speechTurn(durationMs: number): DemoTurn {
  return {
    text: `I heard you speak for ${seconds(durationMs)} seconds, but I am the offline demo model and do not understand speech. Type your turn in the box instead.`,
    calls: [],
  };
}

/** A duration in seconds with one decimal. */
export function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}
