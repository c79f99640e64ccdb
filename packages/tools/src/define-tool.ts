import type { FunctionTool, JsonSchema, NeedsApproval } from '@tandem/core';
import { assertToolName } from '@tandem/core';

/**
 * What {@link defineTool} takes: the schema-only shape the model sees.
 *
 * @example
 * ```ts
 * const definition: SchemaOnlyToolDefinition = {
 *   kind: 'function',
 *   name: 'ask_user',
 *   spec: { description: 'Ask the user.', params: { type: 'object', properties: { question: { type: 'string' } } } },
 * };
 * ```
 *
 * @category Defining tools
 */
export interface SchemaOnlyToolDefinition {
  readonly kind: 'function';
  readonly name: string;
  readonly spec: {
    /** What the tool does and when to use it. Required, non-empty. */
    readonly description: string;
    /** JSON Schema of the input; must be an object schema (`type: "object"`). */
    readonly params: JsonSchema;
  };
  /**
   * Ask before the call is handed to the caller: `true`, or a function of the call's input. Approved, the
   * run ends with `stopReason: 'toolUse'` as usual; denied, the model gets an error result
   * (`"The user denied this tool call[: reason]"`) and the run goes on.
   */
  readonly needsApproval?: boolean | NeedsApproval<Record<string, unknown>>;
}

/**
 * Defines a schema-only tool: the model may call it, but nothing runs it — `stream()` reports the call in
 * its `tool-end` event, and an `Agent` ends the run with `stopReason: 'toolUse'` so the caller handles it.
 * Throws a `TypeError` for a bad name, an empty description or a non-object `params` schema.
 *
 * @example
 * ```ts
 * const contactMothership = defineTool({
 *   kind: 'function',
 *   name: 'contact_mothership',
 *   spec: {
 *     description: 'Contact the mothership.',
 *     params: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
 *   },
 * });
 * ```
 *
 * @category Defining tools
 */
export function defineTool(definition: SchemaOnlyToolDefinition): FunctionTool {
  if (typeof definition !== 'object' || definition === null) {
    throw new TypeError("defineTool(): pass { kind: 'function', name, spec: { description, params } }.");
  }
  if (definition.kind !== 'function') {
    throw new TypeError(`defineTool(): \`kind\` must be 'function', got ${JSON.stringify(definition.kind)}. Provider tools come from provider packages.`);
  }
  assertToolName(definition.name);
  const label = `defineTool("${definition.name}")`;
  if ('execute' in definition) {
    throw new TypeError(`${label}: schema-only tools have no \`execute\`; use tool() to define a tool that runs.`);
  }
  const spec: unknown = definition.spec;
  if (typeof spec !== 'object' || spec === null) {
    throw new TypeError(`${label}: \`spec\` must be { description, params }.`);
  }
  const { description, params } = spec as Partial<SchemaOnlyToolDefinition['spec']>;
  if (typeof description !== 'string' || description.trim() === '') {
    throw new TypeError(`${label}: \`spec.description\` must be a non-empty string — the model reads it to decide when to call the tool.`);
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params) || params['type'] !== 'object') {
    throw new TypeError(`${label}: \`spec.params\` must be a JSON Schema of an object, e.g. { type: 'object', properties: { … } }.`);
  }
  const needsApproval: unknown = definition.needsApproval;
  if (needsApproval !== undefined && typeof needsApproval !== 'boolean' && typeof needsApproval !== 'function') {
    throw new TypeError(`${label}: \`needsApproval\` must be true, false, or a function (input, ctx) => boolean.`);
  }
  return Object.freeze({
    kind: 'function' as const,
    name: definition.name,
    spec: Object.freeze({ description, params }),
    ...(definition.needsApproval === undefined ? {} : { needsApproval: definition.needsApproval as FunctionTool['needsApproval'] }),
  });
}
