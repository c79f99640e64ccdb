import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonSchema } from '@tandem/core';

type Issue = StandardSchemaV1.Issue;
type Path = readonly PropertyKey[];

/**
 * The small structural check `jsonSchema()` does when no `validate` is given. It checks, recursively
 * through `properties` and `items`: `type` (a name or a list of names), `required`, `enum`, `const`
 * and `additionalProperties: false`. Everything else (`anyOf`, `$ref`, `pattern`, `minimum`, formats, …)
 * is not checked — pass a real validator (e.g. Ajv) to `jsonSchema(schema, { validate })` for that.
 * @internal
 */
export function checkJsonValue(schema: unknown, value: unknown, path: Path = []): Issue[] {
  const issues: Issue[] = [];
  check(schema, value, path, issues);
  return issues;
}

function check(schema: unknown, value: unknown, path: Path, issues: Issue[]): void {
  if (schema === false) {
    issues.push({ message: 'No value is allowed here', path });
    return;
  }
  if (!isObject(schema)) return;
  const types = typeList(schema['type']);
  if (types !== undefined && !types.some((type) => hasType(value, type))) {
    issues.push({ message: `Expected ${types.join(' or ')}, received ${typeOf(value)}`, path });
    return;
  }
  if (Array.isArray(schema['enum']) && !schema['enum'].some((option: unknown) => same(option, value))) {
    const options = schema['enum'].map((option: unknown) => JSON.stringify(option)).join(', ');
    issues.push({ message: `Expected one of ${options}, received ${JSON.stringify(value)}`, path });
    return;
  }
  if ('const' in schema && !same(schema['const'], value)) {
    issues.push({ message: `Expected ${JSON.stringify(schema['const'])}, received ${JSON.stringify(value)}`, path });
    return;
  }
  if (isObject(value)) checkObject(schema, value, path, issues);
  else if (Array.isArray(value) && 'items' in schema && !Array.isArray(schema['items'])) {
    value.forEach((item: unknown, index) => check(schema['items'], item, [...path, index], issues));
  }
}

function checkObject(schema: JsonSchema, value: Record<string, unknown>, path: Path, issues: Issue[]): void {
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  const required = Array.isArray(schema['required']) ? schema['required'] : [];
  for (const key of required) {
    if (typeof key === 'string' && !(key in value)) issues.push({ message: 'Required', path: [...path, key] });
  }
  for (const [key, item] of Object.entries(value)) {
    if (Object.hasOwn(properties, key)) check(properties[key], item, [...path, key], issues);
    else if (schema['additionalProperties'] === false) issues.push({ message: 'Unexpected property', path: [...path, key] });
    else check(schema['additionalProperties'], item, [...path, key], issues);
  }
}

function typeList(type: unknown): string[] | undefined {
  if (typeof type === 'string') return [type];
  if (Array.isArray(type) && type.every((entry) => typeof entry === 'string')) return type;
  return undefined;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return true;
  }
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
