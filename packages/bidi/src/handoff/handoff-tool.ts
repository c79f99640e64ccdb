import type { FunctionTool, Handoff, ToolContext, ToolInputValidation } from '@tandem/core';
import type { BidiHandoffTarget } from './bidi-handoff-target.js';

/** Moves the conversation to a handoff's target; resolves once the switch has begun. @internal */
export type Transfer = (handoff: Handoff<BidiHandoffTarget>, input: unknown, context: ToolContext) => Promise<void>;

/**
 * The `transfer_to_<name>` tool of one handoff. Only the first handoff call of a response transfers (the
 * others get an error result); the call's result is `"Transferred to <name>."`. @internal
 */
export function handoffTool(handoff: Handoff<BidiHandoffTarget>, handoffToolNames: ReadonlySet<string>, transfer: Transfer): FunctionTool {
  return {
    kind: 'function',
    name: handoff.toolName,
    description: handoff.description,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    validate(input: unknown): ToolInputValidation<unknown> {
      return { success: true, value: input ?? {} };
    },
    async execute(input, context) {
      const first = firstHandoffCall(context, handoffToolNames);
      if (first !== undefined && first.toolCallId !== context.toolCallId) {
        throw new Error(`Only the first handoff of a response runs: ${first.toolName} was called first, so this transfer was not made.`);
      }
      await transfer(handoff, input, context);
      return `Transferred to ${handoff.name}.`;
    },
  };
}

/** The first handoff call (in the model's call order) of the response that holds this call. */
function firstHandoffCall(context: ToolContext, names: ReadonlySet<string>): { toolCallId: string; toolName: string } | undefined {
  for (let i = context.messages.length - 1; i >= 0; i--) {
    const message = context.messages[i];
    if (message?.role !== 'assistant') continue;
    const parts = message.parts;
    if (!parts.some((part) => part.type === 'tool-call' && part.toolCallId === context.toolCallId)) continue;
    for (const part of parts) if (part.type === 'tool-call' && names.has(part.toolName)) return { toolCallId: part.toolCallId, toolName: part.toolName };
    return undefined;
  }
  return undefined;
}
