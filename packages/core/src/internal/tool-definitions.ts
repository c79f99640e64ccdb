import type { ToolDefinition } from '../spec/language-model/v1/tool-definition.js';
import type { Tool } from '../tool/tool.js';

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Checks names (rule and uniqueness) and converts tools to what a model sees. @internal */
export function toToolDefinitions(tools: readonly Tool[]): ToolDefinition[] {
  const seen = new Set<string>();
  const definitions: ToolDefinition[] = [];
  for (const tool of tools) {
    if (tool === null || typeof tool !== 'object' || (tool.kind !== 'function' && tool.kind !== 'provider')) {
      throw new TypeError(`Invalid tool ${String(tool)}: expected a tool made with tool(), defineTool() or a provider tool factory.`);
    }
    if (!NAME.test(tool.name)) {
      throw new TypeError(`Invalid tool name "${tool.name}": names must match ^[a-zA-Z0-9_-]{1,64}$.`);
    }
    if (seen.has(tool.name)) {
      throw new TypeError(`Duplicate tool name "${tool.name}": every tool given to one agent needs a unique name.`);
    }
    seen.add(tool.name);
    definitions.push(
      tool.kind === 'function'
        ? { kind: 'function', name: tool.name, description: tool.spec.description, inputSchema: tool.spec.params }
        : tool,
    );
  }
  return definitions;
}
