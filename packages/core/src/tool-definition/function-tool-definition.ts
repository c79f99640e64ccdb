import type { FunctionToolDefinition } from '../spec/language-model/v1/tool-definition.js';
import type { FunctionTool } from './tool.js';

/**
 * What the model is given for a function tool: `{ kind: 'function', name, description, inputSchema }`.
 * Reads `description`/`inputSchema`, or the deprecated `spec: { description, params }` of an older tool, so
 * code that inspects tools works with both shapes.
 *
 * @throws TypeError when the tool has neither a non-empty `description` and an `inputSchema` object nor a
 *   `spec` holding them.
 *
 * @example
 * ```ts
 * const { description, inputSchema } = functionToolDefinition(weatherTool);
 * ```
 *
 * @category Tools
 */
export function functionToolDefinition(tool: FunctionTool): FunctionToolDefinition {
  const description = tool.description ?? tool.spec?.description;
  const inputSchema = tool.inputSchema ?? tool.spec?.params;
  if (typeof description !== 'string' || description.trim() === '') {
    throw new TypeError(
      `Tool "${tool.name}" has no description: give it \`description\` (a non-empty string the model reads to decide when to call it), or build it with tool() / defineTool() from @tandem/tools.`,
    );
  }
  if (typeof inputSchema !== 'object' || inputSchema === null || Array.isArray(inputSchema)) {
    throw new TypeError(
      `Tool "${tool.name}" has no inputSchema: give it \`inputSchema\` (a JSON Schema object such as { type: 'object', properties: { … } }), or build it with tool() / defineTool() from @tandem/tools.`,
    );
  }
  return { kind: 'function', name: tool.name, description, inputSchema };
}
