import type { JsonSchema } from '@tandem/core/spec';

/** The JSON types a property can have. */
export type SchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

const TYPES: readonly string[] = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];

/**
 * The main type of a JSON Schema: its `type` (the first non-null one of a list), else the type of its
 * `const` or first `enum` value, else the main type of its first non-null `anyOf`/`oneOf` branch.
 *
 * @example
 * ```ts
 * schemaType({ type: ['integer', 'null'] }); // 'integer'
 * schemaType({ anyOf: [{ type: 'null' }, { type: 'string' }] }); // 'string'
 * ```
 */
export function schemaType(schema: JsonSchema | undefined): SchemaType | undefined {
  if (schema === undefined) return undefined;
  const { type } = schema;
  if (typeof type === 'string' && TYPES.includes(type)) return type as SchemaType;
  if (Array.isArray(type)) {
    const main = type.find((entry) => entry !== 'null' && TYPES.includes(entry as string)) ?? type[0];
    if (typeof main === 'string' && TYPES.includes(main)) return main as SchemaType;
  }
  if ('const' in schema) return typeOfValue(schema['const']);
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return typeOfValue(schema['enum'][0]);
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    const types = branches.map((branch) => (isSchema(branch) ? schemaType(branch) : undefined));
    const main = types.find((entry) => entry !== undefined && entry !== 'null') ?? types.find((entry) => entry !== undefined);
    if (main !== undefined) return main;
  }
  return undefined;
}

/** True for a JSON object that can be read as a schema. @example `isSchema({ type: 'string' })` */
export function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeOfValue(value: unknown): SchemaType | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'object':
      return 'object';
    default:
      return undefined;
  }
}
