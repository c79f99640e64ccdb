import type { FunctionTool, JsonSchema, NeedsApproval } from '@tandem/core';
import { assertToolName } from '@tandem/core';
import { assertKnownOptions } from '@tandem/core/runtime';
import { assertValidJsonSchema } from './assert-valid-json-schema.js';
import { resolveInputSchema, type ToolInputSchema } from './resolve-input-schema.js';
import { assertDescription, assertNeedsApproval, withLegacySpec } from './tool.js';
import { TOOL_OPTION_ALIASES } from './tool-option-keys.js';

/**
 * What {@link defineTool} takes: the schema-only shape the model sees — `{ kind: 'function', name,
 * description, inputSchema }`, or the deprecated `{ kind: 'function', name, spec: { description, params } }`.
 *
 * @example
 * ```ts
 * const definition: SchemaOnlyToolDefinition = {
 *   kind: 'function',
 *   name: 'ask_user',
 *   description: 'Ask the user.',
 *   inputSchema: { type: 'object', properties: { question: { type: 'string' } } },
 * };
 * ```
 *
 * @category Defining tools
 */
export type SchemaOnlyToolDefinition = SchemaOnlyToolCommon &
  (
    | {
        /** What the tool does and when to use it. Required, non-empty. */
        readonly description: string;
        /** The input: a JSON Schema object (`type: "object"`), or a zod 4 / `jsonSchema(…)` / Standard Schema v1 describing an object. */
        readonly inputSchema: JsonSchema | ToolInputSchema;
        readonly spec?: undefined;
      }
    | {
        /** @deprecated Use `description` and `inputSchema` at the top level. */
        readonly spec: {
          readonly description: string;
          readonly params: JsonSchema;
        };
        readonly description?: undefined;
        readonly inputSchema?: undefined;
      }
  );

/**
 * The fields every {@link SchemaOnlyToolDefinition} has.
 *
 * @example
 * ```ts
 * const common: SchemaOnlyToolCommon = { kind: 'function', name: 'ask_user', needsApproval: true };
 * ```
 *
 * @category Defining tools
 */
export interface SchemaOnlyToolCommon {
  readonly kind: 'function';
  readonly name: string;
  /**
   * Ask before the call is handed to the caller: `true`, or a function of the call's input. Approved, the
   * run ends with `stopReason: 'toolUse'` as usual; denied, the model gets an error result
   * (`"The user denied this tool call[: reason]"`) and the run goes on.
   */
  readonly needsApproval?: boolean | NeedsApproval<Record<string, unknown>>;
}

const DEFINE_TOOL_KEYS = ['kind', 'name', 'description', 'inputSchema', 'spec', 'needsApproval'];

/**
 * Defines a schema-only tool: the model may call it, but nothing runs it — `stream()` reports the call in
 * its `tool-end` event, and an `Agent` ends the run with `stopReason: 'toolUse'` so the caller handles it.
 * A JSON Schema `inputSchema` is checked at definition by the keyword rules of draft 2020-12 and draft-07 (a `TypeError` naming the JSON pointer of a bad keyword).
 *
 * Throws a `TypeError` for a bad name, an empty description, an input schema that is not an object schema
 * (or not valid JSON Schema: the message names the JSON pointer of the bad keyword), or an unknown key
 * (naming the key meant, e.g. `parameters` → `inputSchema`).
 *
 * @example
 * ```ts
 * const contactMothership = defineTool({
 *   kind: 'function',
 *   name: 'contact_mothership',
 *   description: 'Contact the mothership.',
 *   inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
 * });
 * ```
 *
 * @category Defining tools
 */
export function defineTool(definition: SchemaOnlyToolDefinition): FunctionTool {
  if (typeof definition !== 'object' || definition === null) {
    throw new TypeError("defineTool(): pass { kind: 'function', name, description, inputSchema }.");
  }
  const what = `defineTool(${typeof definition.name === 'string' ? JSON.stringify(definition.name) : ''})`;
  if ('execute' in definition) {
    throw new TypeError(`${what}: schema-only tools have no \`execute\`; use tool() to define a tool that runs.`);
  }
  assertKnownOptions(what, definition, DEFINE_TOOL_KEYS, { ...TOOL_OPTION_ALIASES, type: 'kind' });
  if (definition.kind !== 'function') {
    throw new TypeError(`defineTool(): \`kind\` must be 'function', got ${JSON.stringify(definition.kind)}. Provider tools come from provider packages.`);
  }
  assertToolName(definition.name);
  const label = `defineTool("${definition.name}")`;
  const { description, inputSchema } = schemaParts(label, definition);
  assertDescription(label, description);
  assertNeedsApproval(label, definition.needsApproval);
  const tool: FunctionTool = {
    kind: 'function' as const,
    name: definition.name,
    description,
    inputSchema,
    ...(definition.needsApproval === undefined ? {} : { needsApproval: definition.needsApproval as FunctionTool['needsApproval'] }),
  };
  return Object.freeze(withLegacySpec(tool, description, inputSchema));
}

function schemaParts(label: string, definition: SchemaOnlyToolDefinition): { description: unknown; inputSchema: JsonSchema } {
  if (definition.spec !== undefined) {
    if (definition.description !== undefined || definition.inputSchema !== undefined) {
      throw new TypeError(`${label}: pass \`description\` and \`inputSchema\` only — \`spec\` is their deprecated older form.`);
    }
    const spec: unknown = definition.spec;
    if (typeof spec !== 'object' || spec === null) throw new TypeError(`${label}: \`spec\` must be { description, params } (or pass description and inputSchema).`);
    const { description, params } = spec as { description?: unknown; params?: unknown };
    return { description, inputSchema: jsonObjectSchema(label, params, '`spec.params`') };
  }
  const { description, inputSchema } = definition;
  if (inputSchema === undefined) {
    throw new TypeError(`${label}: \`inputSchema\` is required — a JSON Schema of an object, e.g. { type: 'object', properties: { … } }.`);
  }
  if (isStandardSchema(inputSchema)) return { description, inputSchema: resolveInputSchema(label, inputSchema).params };
  return { description, inputSchema: jsonObjectSchema(label, inputSchema, '`inputSchema`') };
}

function jsonObjectSchema(label: string, schema: unknown, what: string): JsonSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || (schema as JsonSchema)['type'] !== 'object') {
    throw new TypeError(`${label}: ${what} must be a JSON Schema of an object, e.g. { type: 'object', properties: { … } }.`);
  }
  assertValidJsonSchema(label, schema);
  return schema as JsonSchema;
}

function isStandardSchema(value: unknown): value is ToolInputSchema {
  return typeof value === 'object' && value !== null && '~standard' in value;
}
