import type { FunctionTool, Tool, ToolConfig, ToolContext } from '@tandem/core';
import type { InvocationJournal } from './invocation-journal.js';
import { MAX_JOURNALED_ATTEMPTS } from './max-attempts.js';
import { journaledRetryDecision } from './retry-decisions.js';

/** An agent's `tools` option: tools, and live lists of tools (such as an `McpToolset`). */
export type ToolSources = readonly (Tool | readonly Tool[])[];

/**
 * The agent's tools for a durable run: each function tool's `execute` runs through the journal of the
 * invocation it belongs to (found from the tool context), and its `retryOn` answers with the decision that
 * was journaled with the error, so a replay retries exactly as the first run did. Everything else about a
 * tool — name, spec, validation, aggregator, output mapping, timeout, attempts, approval — stays as it is.
 * A live list stays live: it is read through on every access, each tool wrapped once. @internal
 *
 * @throws TypeError for a tool whose `config.retry.maxAttempts` is not finite or above 100.
 */
export function journaledToolSources(sources: ToolSources, journalOf: (context: ToolContext) => InvocationJournal): ToolSources {
  const wrappers = new WeakMap<Tool, Tool>();
  const wrap = (tool: Tool): Tool => {
    if (tool.kind !== 'function' || tool.execute === undefined) return tool;
    let wrapper = wrappers.get(tool);
    if (wrapper === undefined) {
      wrapper = journaledTool(tool, journalOf);
      wrappers.set(tool, wrapper);
    }
    return wrapper;
  };
  return sources.map((source) => (Array.isArray(source) ? liveList(source as readonly Tool[], wrap) : wrap(source as Tool)));
}

/** A view of `list` that reads it on every access and hands out wrapped tools (an `Array.isArray` proxy). */
function liveList(list: readonly Tool[], wrap: (tool: Tool) => Tool): readonly Tool[] {
  for (const tool of list) wrap(tool); // checks the tools there are now
  return new Proxy(list, {
    get(target, property, receiver) {
      if (typeof property === 'string' && /^\d+$/.test(property)) {
        const tool = Reflect.get(target, property) as Tool | undefined;
        return tool === undefined ? undefined : wrap(tool);
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
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
