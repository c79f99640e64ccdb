import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonSchema, ToolInputValidation } from '@tandem/core';
import { assertValidJsonSchema } from './assert-valid-json-schema.js';
import { jsonSchemaValidator } from './json-schema-validator.js';
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
   * Validates (and may transform) parsed arguments instead of the built-in validator. Without it the
   * arguments are checked against the schema completely (draft 2020-12 or draft-07: `$ref`, `anyOf`,
   * `pattern`, ranges, formats, …) by `@cfworker/json-schema`, which needs no `eval` and runs on edge runtimes.
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
 * Uses a raw JSON Schema as a tool's `inputSchema`. `T` is the type `execute` receives; it is not checked
 * against the schema, so keep the two in step.
 *
 * The schema itself is checked here (the value of each draft 2020-12 and draft-07 keyword, subschemas
 * included): a mistake such as `type: 'strng'` is a `TypeError` naming the JSON pointer of the bad keyword
 * (`/properties/query/type`). Arguments are then validated completely (`$ref`, `anyOf`, `pattern`,
 * `minimum`, formats, …; the draft is read from `$schema`, default 2020-12) — bad arguments become an error
 * result naming each problem and its path, and the tool never runs. `options.validate` replaces that
 * validation.
 *
 * The validator, `@cfworker/json-schema` (no `eval`: it runs on edge runtimes), is imported when the first
 * `jsonSchema()` without `options.validate` is called, so an app whose tools all use zod never loads it and
 * a bundler gives it a chunk of its own. Until it has loaded, `['~standard'].validate` returns a promise
 * (Standard Schema allows either); a tool call waits for it. If it cannot load (a page that cannot fetch the
 * chunk), `validate` rejects with a `TandemError` whose `code` is `JSON_SCHEMA_VALIDATOR_UNAVAILABLE` (a tool call
 * gets an error result), and the next validation tries again.
 *
 * @example
 * ```ts
 * const search = tool({
 *   name: 'search',
 *   description: 'Search the archive.',
 *   inputSchema: jsonSchema<{ query: string }>({
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
  assertValidJsonSchema('jsonSchema()', schema);
  const custom = options.validate;
  if (custom !== undefined && typeof custom !== 'function') {
    throw new TypeError('jsonSchema(): `validate` must be a function (value) => { success: true, value } | { success: false, error }.');
  }
  const check = custom === undefined ? jsonSchemaValidator(schema) : undefined;
  const validate = (value: unknown): StandardSchemaV1.Result<T> | Promise<StandardSchemaV1.Result<T>> => {
    if (check !== undefined) {
      const issues = check(value);
      return isPromiseLike(issues) ? issues.then((settled) => toResult(settled, value)) : toResult(issues, value);
    }
    if (custom === undefined) return { value: value as T };
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

/** A valid value is passed through as-is: `T` is the caller's promise about it. */
function toResult<T>(issues: readonly StandardSchemaV1.Issue[], value: unknown): StandardSchemaV1.Result<T> {
  return issues.length > 0 ? { issues } : { value: value as T };
}

function toStandardResult<T>(result: ToolInputValidation<T>): StandardSchemaV1.Result<T> {
  if (typeof result !== 'object' || result === null || typeof result.success !== 'boolean') {
    throw new TypeError('jsonSchema(): `validate` must return { success: true, value } or { success: false, error }.');
  }
  return result.success ? { value: result.value } : { issues: [{ message: String(result.error) }] };
}
