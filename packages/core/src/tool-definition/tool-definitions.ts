import type { ToolDefinition } from '../spec/language-model/v1/tool-definition.js';
import type { Tool, ToolConfig } from './tool.js';

import { functionToolDefinition } from './function-tool-definition.js';
import { assertToolName } from './tool-name.js';
import { assertToolDelivery } from './assert-tool-delivery.js';
import { assertDuration } from '../util/assert-duration.js';

/**
 * Checks names (rule and uniqueness) and converts tools to what a model sees; `owner` (e.g. `'BidiAgent'`)
 * names the owner of the tools in the errors. @internal
 */
export function toToolDefinitions(tools: readonly Tool[], owner?: string): ToolDefinition[] {
  const seen = new Set<string>();
  const definitions: ToolDefinition[] = [];
  for (const tool of tools) {
    if (typeof tool === 'function') throw plainFunctionError(tool, owner);
    if (tool === null || typeof tool !== 'object' || (tool.kind !== 'function' && tool.kind !== 'provider')) {
      throw new TypeError(`Invalid ${owner === undefined ? '' : `${owner} `}tool ${String(tool)}: expected a tool made with tool(), defineTool() or a provider tool factory.`);
    }
    assertToolName(tool.name, owner === undefined ? 'tool name' : `${owner} tool name`);
    if (seen.has(tool.name)) {
      throw new TypeError(`Duplicate tool name "${tool.name}": every tool given to one ${owner ?? 'agent'} needs a unique name.`);
    }
    seen.add(tool.name);
    if (tool.kind === 'function') {
      checkToolConfig(tool.name, tool.config);
      assertToolDelivery(`Tool "${tool.name}"`, tool.delivery);
    }
    if (tool.kind !== 'function') definitions.push(tool);
    else {
      const definition = functionToolDefinition(tool);
      definitions.push(tool.delivery === undefined ? definition : { ...definition, delivery: tool.delivery });
    }
  }
  return definitions;
}

/** A plain function given as a tool: name it (never print its source) and show how to wrap it. */
function plainFunctionError(fn: (...args: never[]) => unknown, owner: string | undefined): TypeError {
  const name = fn.name.replace(/^bound /, '');
  const label = name === '' ? 'An anonymous function' : `The function \`${name}\``;
  return new TypeError(
    `${label} was given as ${owner === undefined ? 'a' : `a ${owner}`} tool, but a plain function is not a tool. Wrap it with tool() from @tandem/tools so the model gets a description and an input schema: ` +
      `tool(${name === '' ? 'fn' : name}, { description: '…', inputSchema: z.object({ … }) }).`,
  );
}

function checkToolConfig(name: string, config: ToolConfig | undefined): void {
  if (config === undefined) return;
  const { timeoutMs, retry, approvalTimeoutMs } = config;
  const what = `Tool "${name}": config.`;
  assertDuration(`${what}approvalTimeoutMs`, approvalTimeoutMs);
  assertDuration(`${what}timeoutMs`, timeoutMs);
  if (retry === undefined) return;
  if (!Number.isInteger(retry.maxAttempts) || retry.maxAttempts < 1) {
    throw new TypeError(`${what}retry.maxAttempts must be a positive integer (attempts in all, the first included), got ${String(retry.maxAttempts)}.`);
  }
  assertDuration(`${what}retry.initialDelayMs`, retry.initialDelayMs, true);
  assertDuration(`${what}retry.maxDelayMs`, retry.maxDelayMs, true);
}
