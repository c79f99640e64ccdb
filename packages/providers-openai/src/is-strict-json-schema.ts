import type { JsonSchema } from '@tandem/core/spec';

/**
 * Whether `schema` already meets OpenAI's Structured Outputs rules for `strict: true`: the root is an
 * object schema, and every object schema in it (properties, array items, `anyOf`/`allOf`/`oneOf`
 * branches, `$defs`/`definitions`) sets `additionalProperties: false` and lists every property in
 * `required`. The schema is not changed to make it fit: rewriting optional fields as required would
 * change what the model may answer.
 *
 * @example
 * ```ts
 * isStrictJsonSchema({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false }); // true
 * isStrictJsonSchema({ type: 'object', properties: { a: { type: 'string' } } }); // false
 * ```
 * @internal
 */
export function isStrictJsonSchema(schema: JsonSchema): boolean {
  return isObjectSchema(schema) && meetsStrictRules(schema);
}

function isObjectSchema(schema: JsonSchema): boolean {
  const type = schema['type'];
  return type === 'object' || (Array.isArray(type) && type.includes('object')) || (type === undefined && isRecord(schema['properties']));
}

function meetsStrictRules(schema: unknown): boolean {
  if (!isRecord(schema)) return true;
  if (isObjectSchema(schema)) {
    if (schema['additionalProperties'] !== false) return false;
    const properties = isRecord(schema['properties']) ? schema['properties'] : {};
    const required = Array.isArray(schema['required']) ? schema['required'] : [];
    if (!Object.keys(properties).every((key) => required.includes(key))) return false;
    if (!Object.values(properties).every(meetsStrictRules)) return false;
  }
  const items = schema['items'];
  if (Array.isArray(items) ? !items.every(meetsStrictRules) : !meetsStrictRules(items)) return false;
  for (const key of ['prefixItems', 'anyOf', 'allOf', 'oneOf']) {
    const list = schema[key];
    if (Array.isArray(list) && !list.every(meetsStrictRules)) return false;
  }
  for (const key of ['$defs', 'definitions']) {
    const defs = schema[key];
    if (isRecord(defs) && !Object.values(defs).every(meetsStrictRules)) return false;
  }
  return true;
}

function isRecord(value: unknown): value is { [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
