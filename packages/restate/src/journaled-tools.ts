import type { FunctionTool, Tool, ToolConfig, ToolContext } from '@tandem/core';
import type { InvocationJournal } from './invocation-journal.js';
import { MAX_JOURNALED_ATTEMPTS } from './max-attempts.js';
import { journaledRetryDecision } from './retry-decisions.js';

/**
 * The agent's tools for a durable run: each function tool's `execute` runs through the journal of the
 * invocation it belongs to (found from the tool context), and its `retryOn` answers with the decision that
 * was journaled with the error, so a replay retries exactly as the first run did. Everything else about a
 * tool — name, spec, validation, aggregator, output mapping, timeout, attempts — stays as it is. @internal
 *
 * @throws TypeError for a tool whose `config.retry.maxAttempts` is not finite or above 100.
 */
export function journaledTools(tools: readonly Tool[], journalOf: (context: ToolContext) => InvocationJournal): Tool[] {
  return tools.map((tool) => (tool.kind === 'function' && tool.execute !== undefined ? journaledTool(tool, journalOf) : tool));
}

function journaledTool(tool: FunctionTool, journalOf: (context: ToolContext) => InvocationJournal): FunctionTool {
  const maxAttempts = tool.config?.retry?.maxAttempts;
  if (maxAttempts !== undefined && !(maxAttempts <= MAX_JOURNALED_ATTEMPTS)) {
    throw new TypeError(
      `restateAgent: tool "${tool.name}" has config.retry.maxAttempts = ${String(maxAttempts)}. A durable run journals every attempt; give it a finite maxAttempts of at most ${MAX_JOURNALED_ATTEMPTS}.`,
    );
  }
  // Inherit from the tool so every field (and any added later) stays; override only what journaling needs.
  const wrapper = Object.create(tool) as FunctionTool;
  const own: PropertyDescriptorMap = {
    execute: { value: (input: unknown, context: ToolContext) => journalOf(context).executeTool(tool, input, context), enumerable: true },
  };
  if (tool.config !== undefined) own['config'] = { value: journaledConfig(tool.config), enumerable: true };
  // Methods keep the tool as `this` (class-based tools may use private fields).
  if (tool.validate !== undefined) own['validate'] = { value: tool.validate.bind(tool), enumerable: true };
  if (tool.toModelOutput !== undefined) own['toModelOutput'] = { value: tool.toModelOutput.bind(tool), enumerable: true };
  return Object.defineProperties(wrapper, own);
}

function journaledConfig(config: ToolConfig): ToolConfig {
  const retry = config.retry;
  if (retry === undefined) return config;
  const retryOn = retry.retryOn;
  return {
    ...config,
    retry: {
      ...retry,
      retryOn(error: unknown): boolean {
        const journaled = journaledRetryDecision(error);
        if (journaled !== undefined) return journaled;
        // Errors the journal made no decision for (time-outs) are the agent's own: decide as usual.
        return retryOn === undefined ? true : retryOn.call(retry, error);
      },
    },
  };
}
