import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonSchema, ToolInputValidation } from '@tandem/core';
import { checkJsonValue } from './check-json-value.js';
import { isPromiseLike } from './is-promise-like.js';

const BRAND = Symbol.for('tandem.jsonSchema');

/**
 * Options of {@link jsonSchema}.
 *
 * @example
 * ```ts
 * jsonSchema<{ id: number }>(schema, {
 *   validate: (value) => (ajvValidate(value) ? { success: true, value: value as { id: number } } : { success: false, error: 'id: Required' }),
 * });
 * ```
 *
 * @category Defining tools
 */
export interface JsonSchemaOptions<T> {
  /**
   * Validates (and may transform) parsed arguments. Without it, a small structural check runs: `type`,
   * `required`, `enum`, `const` and `additionalProperties: false`, recursively through `properties` and
   * `items` (not `anyOf`, `$ref`, `pattern`, ranges or formats — plug in a full validator such as Ajv here).
   */
  validate?(value: unknown): ToolInputValidation<T> | PromiseLike<ToolInputValidation<T>>;
}

/**
 * A raw JSON Schema prepared as tool input by {@link jsonSchema}. It is a Standard Schema (and a Standard
 * JSON Schema), so it also works anywhere those are accepted.
 *
 * @example
 * ```ts
 * const input: JsonSchemaInput<{ city: string }> = jsonSchema({ type: 'object', properties: { city: { type: 'string' } } });
 * input.jsonSchema; // the schema as given
 * ```
 *
 * @category Defining tools
 */
export interface JsonSchemaInput<T = unknown> extends StandardSchemaV1<unknown, T>, StandardJSONSchemaV1<unknown, T> {
  readonly '~standard': StandardSchemaV1.Props<unknown, T> & StandardJSONSchemaV1.Props<unknown, T>;
  /** The JSON Schema as given. */
  readonly jsonSchema: JsonSchema;
  readonly [BRAND]: true;
}

/**
 * Uses a raw JSON Schema as a tool's `input`. `T` is the type `execute` receives; it is not checked against
 * the schema, so keep the two in step. Validation: `options.validate` when given, else a small structural
 * check (see {@link JsonSchemaOptions.validate}).
 *
 * @example
 * ```ts
 * const search = tool({
 *   name: 'search',
 *   description: 'Search the archive.',
 *   input: jsonSchema<{ query: string }>({
 *     type: 'object',
 *     properties: { query: { type: 'string' } },
 *     required: ['query'],
 *   }),
 *   async execute({ query }) { return `No results for ${query}.`; },
 * });
 * ```
 *
 * @category Defining tools
 */
export function jsonSchema<T = unknown>(schema: JsonSchema, options: JsonSchemaOptions<T> = {}): JsonSchemaInput<T> {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new TypeError('jsonSchema(): expected a JSON Schema object such as { type: "object", properties: { … } }.');
  }
  const custom = options.validate;
  const validate = (value: unknown): StandardSchemaV1.Result<T> | Promise<StandardSchemaV1.Result<T>> => {
    if (custom === undefined) {
      const issues = checkJsonValue(schema, value);
      // Without a validator the value is passed through as-is: `T` is the caller's promise about it.
      return issues.length > 0 ? { issues } : { value: value as T };
    }
    const result = custom(value);
    return isPromiseLike(result) ? Promise.resolve(result).then((settled) => toStandardResult(settled)) : toStandardResult(result);
  };
  const convert = (): Record<string, unknown> => schema;
  return Object.freeze({
    '~standard': Object.freeze({
      version: 1 as const,
      vendor: 'tandem',
      validate,
      jsonSchema: Object.freeze({ input: convert, output: convert }),
    }),
    jsonSchema: schema,
    [BRAND]: true as const,
  });
}

function toStandardResult<T>(result: ToolInputValidation<T>): StandardSchemaV1.Result<T> {
  if (typeof result !== 'object' || result === null || typeof result.success !== 'boolean') {
    throw new TypeError('jsonSchema(): `validate` must return { success: true, value } or { success: false, error }.');
  }
  return result.success ? { value: result.value } : { issues: [{ message: String(result.error) }] };
}
