import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonSchema, ToolInputValidation } from '@tandem/core';
import { assertValidJsonSchema } from './assert-valid-json-schema.js';
import { formatIssues } from './format-issues.js';
import { isPromiseLike } from './is-promise-like.js';
import { zodJsonSchemaConverter } from './zod-to-json-schema.js';

/**
 * What a tool's `inputSchema` may be: a zod 4 schema, a `jsonSchema(…)` wrapper, or any Standard Schema v1
 * (valibot, arktype, …). `T` is the validated value `execute` receives.
 *
 * @example
 * ```ts
 * const input: ToolInputSchema<{ query: string }> = z.object({ query: z.string() });
 * ```
 *
 * @category Defining tools
 */
export type ToolInputSchema<T = unknown> = StandardSchemaV1<unknown, T>;

/**
 * The type `execute` receives for an input schema: the schema's output type (`z.infer` for zod).
 *
 * @example
 * ```ts
 * const input = z.object({ query: z.string() });
 * type Input = InferToolInput<typeof input>; // { query: string }
 * ```
 *
 * @category Defining tools
 */
export type InferToolInput<Schema extends ToolInputSchema> = StandardSchemaV1.InferOutput<Schema>;

/** The JSON Schema sent to the model and the validator of a tool's input. @internal */
export interface ResolvedInput<T> {
  readonly params: JsonSchema;
  validate(value: unknown): ToolInputValidation<T> | Promise<ToolInputValidation<T>>;
}

/**
 * Turns a tool's `inputSchema` into the JSON Schema the model sees (`$schema` stripped, draft-07 flavoured, which
 * every provider accepts) and a validator returning `{ success, value | error }`.
 * @internal
 */
export function resolveInputSchema<T>(label: string, input: ToolInputSchema<T>, override?: JsonSchema): ResolvedInput<T> {
  if (!isStandardSchema(input)) {
    const hint = isObject(input) && ('type' in input || 'properties' in input)
      ? ' To use a plain JSON Schema object, wrap it: `inputSchema: jsonSchema({ type: "object", … })`.'
      : '';
    throw new TypeError(`${label}: \`inputSchema\` must be a zod 4 schema, jsonSchema(…), or a Standard Schema v1 object.${hint}`);
  }
  if (override !== undefined) {
    if (!isObject(override)) throw new TypeError(`${label}: \`jsonSchema\` must be a JSON Schema object such as { type: "object", properties: { … } }.`);
    assertValidJsonSchema(`${label}: \`jsonSchema\``, override);
  }
  const params = objectSchema(label, override ?? toJsonSchema(label, input));
  const standard = input['~standard'];
  return {
    params,
    validate(value) {
      const result = standard.validate(value);
      return isPromiseLike(result) ? Promise.resolve(result).then((settled) => toValidation(settled)) : toValidation(result);
    },
  };
}

function toJsonSchema(label: string, input: StandardSchemaV1): unknown {
  const converter = (input['~standard'] as Partial<StandardJSONSchemaV1.Props>).jsonSchema;
  const zod = isZod4(input);
  if (converter === undefined || typeof converter.input !== 'function') {
    if (zod) {
      const convert = zodJsonSchemaConverter(label);
      return convertZod(label, () => convert(input));
    }
    throw new TypeError(
      `${label}: this ${input['~standard'].vendor} schema cannot produce a JSON Schema (it does not implement Standard JSON Schema). ` +
        'Pass the JSON Schema the model should see as the `jsonSchema` option' +
        (input['~standard'].vendor === 'zod' ? ', or use a zod 4 schema (`import { z } from "zod"` with zod@^4) instead of a zod 3 one.' : '.'),
    );
  }
  // zod ≥ 4.2 describes itself through Standard JSON Schema: no zod import needed here.
  if (zod) return convertZod(label, () => converter.input({ target: 'draft-07' }));
  try {
    return converter.input({ target: 'draft-07' });
  } catch {
    try {
      return converter.input({ target: 'draft-2020-12' });
    } catch (error) {
      throw new TypeError(`${label}: converting the input schema to JSON Schema failed (${errorMessage(error)}). Pass \`jsonSchema\` explicitly.`, {
        cause: error,
      });
    }
  }
}

function convertZod(label: string, convert: () => unknown): unknown {
  try {
    return convert();
  } catch (error) {
    throw new TypeError(
      `${label}: the zod input schema cannot be expressed as JSON Schema (${errorMessage(error)}). ` +
        'Use JSON-representable types for the model-facing input (no z.date(), z.bigint(), z.map(), …), or pass `jsonSchema` explicitly.',
      { cause: error },
    );
  }
}

function objectSchema(label: string, schema: unknown): JsonSchema {
  if (!isObject(schema)) {
    throw new TypeError(`${label}: the input JSON Schema must be an object such as { type: "object", properties: { … } }.`);
  }
  if (schema['type'] !== 'object') {
    throw new TypeError(
      `${label}: the input schema must describe an object (JSON Schema type "object"), but its type is ${JSON.stringify(schema['type'] ?? null)}. ` +
        'Tool arguments are always a JSON object: wrap the value, e.g. z.object({ value: z.string() }).',
    );
  }
  const copy: JsonSchema = { ...schema };
  delete copy['$schema'];
  return copy;
}

function toValidation<T>(result: StandardSchemaV1.Result<T>): ToolInputValidation<T> {
  return result.issues === undefined ? { success: true, value: result.value } : { success: false, error: formatIssues(result.issues) };
}

function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null || !('~standard' in value)) return false;
  const props: unknown = value['~standard'];
  return isObject(props) && props['version'] === 1 && typeof props['validate'] === 'function';
}

/** A zod 4 schema (classic or mini, also zod 3.25's `zod/v4`): its internals carry a `def`. */
function isZod4(value: StandardSchemaV1): boolean {
  const internals: unknown = (value as { _zod?: unknown })._zod;
  return isObject(internals) && isObject(internals['def']);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
