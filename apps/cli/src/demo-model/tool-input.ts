import type { JsonSchema } from '@tandem/core/spec';
import { isSchema, schemaType } from './schema-type.js';

/**
 * Converts a typed `key=value` value to the type of the property's schema: numbers and integers from
 * digits, booleans from `true/false/yes/no/on/off/1/0`, arrays from comma-separated items (or JSON),
 * objects from JSON. A value that does not convert stays a string, so the tool's validation names the
 * problem.
 *
 * @example
 * ```ts
 * convertValue('3', { type: 'integer' });                             // 3
 * convertValue('a,b', { type: 'array', items: { type: 'string' } });  // ['a', 'b']
 * ```
 */
export function convertValue(raw: string, schema: JsonSchema | undefined): unknown {
  switch (schemaType(schema)) {
    case 'number': {
      const value = Number(raw);
      return raw.trim() !== '' && Number.isFinite(value) ? value : raw;
    }
    case 'integer': {
      const value = Number(raw);
      return raw.trim() !== '' && Number.isInteger(value) ? value : raw;
    }
    case 'boolean': {
      const word = raw.toLowerCase();
      if (['true', 'yes', 'on', '1'].includes(word)) return true;
      if (['false', 'no', 'off', '0'].includes(word)) return false;
      return raw;
    }
    case 'null':
      return raw === 'null' || raw === '' ? null : raw;
    case 'array': {
      const parsed = parseJson(raw);
      if (Array.isArray(parsed)) return parsed;
      const items = schema !== undefined && isSchema(schema['items']) ? schema['items'] : undefined;
      return raw === '' ? [] : raw.split(',').map((item) => convertValue(item.trim(), items));
    }
    case 'object': {
      const parsed = parseJson(raw);
      return isSchema(parsed) ? parsed : raw;
    }
    default:
      return raw;
  }
}

/**
 * The empty value of a schema's type: `''`, `0`, `false`, `[]`, `null`, or an object whose required
 * properties hold their own empty values. An `enum` gives its first option and a `const` its value, so
 * the result still validates.
 *
 * @example
 * ```ts
 * emptyValue({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }); // { n: 0 }
 * ```
 */
export function emptyValue(schema: JsonSchema | undefined): unknown {
  if (schema === undefined) return '';
  if ('const' in schema) return structuredClone(schema['const']);
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return structuredClone(schema['enum'][0] as unknown);
  switch (schemaType(schema)) {
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'null':
      return null;
    case 'object':
      return objectInput(schema, new Map());
    default:
      return '';
  }
}

/**
 * Builds a tool's input from its (object) schema and the prompt's `key=value` words: each property gets
 * the typed value, else the schema's `default`, else — when it is required — the empty value of its type.
 *
 * @example
 * ```ts
 * toolInput({ type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer', default: 1 } }, required: ['city'] }, new Map());
 * // { city: '', days: 1 }
 * ```
 */
export function toolInput(schema: JsonSchema, values: ReadonlyMap<string, string>): Record<string, unknown> {
  return objectInput(schema, values);
}

function objectInput(schema: JsonSchema, values: ReadonlyMap<string, string>): Record<string, unknown> {
  const properties = isSchema(schema['properties']) ? schema['properties'] : {};
  const required = Array.isArray(schema['required']) ? schema['required'].filter((key): key is string => typeof key === 'string') : [];
  const input: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    const propertySchema = isSchema(property) ? property : undefined;
    const typed = values.get(key);
    if (typed !== undefined) input[key] = convertValue(typed, propertySchema);
    else if (propertySchema !== undefined && 'default' in propertySchema) input[key] = structuredClone(propertySchema['default']);
    else if (required.includes(key)) input[key] = emptyValue(propertySchema);
  }
  for (const key of required) if (!(key in input)) input[key] = values.has(key) ? values.get(key) : '';
  return input;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
