import type { StandardSchemaV1 } from '@standard-schema/spec';
import { Validator, type OutputUnit, type SchemaDraft } from '@cfworker/json-schema';

type Issue = StandardSchemaV1.Issue;

/** Keywords whose own error says enough: the errors of their subschemas are noise. */
const SUMMARIES = new Set(['anyOf', 'oneOf', 'not', 'contains']);

/**
 * Compiles a JSON Schema with `@cfworker/json-schema` into a function returning the issues of a value. This
 * module is imported on demand by `jsonSchemaValidator()`, so it and the validator load only when needed.
 * `@cfworker/json-schema` annotates the schema it is given: pass a copy the caller does not see.
 * @internal
 */
export function compileJsonSchema(schema: object): (value: unknown) => Issue[] {
  const validator = new Validator(schema, draftOf(schema), false);
  return (value) => {
    const { valid, errors } = validator.validate(value);
    return valid ? [] : toIssues(errors, value, schema);
  };
}

function draftOf(schema: object): SchemaDraft {
  const declared: unknown = (schema as { $schema?: unknown }).$schema;
  if (typeof declared !== 'string') return '2020-12';
  if (declared.includes('draft-07') || declared.includes('draft-06')) return '7';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

function toIssues(errors: readonly OutputUnit[], root: unknown, schema: object): Issue[] {
  const summaries = errors.filter((error) => SUMMARIES.has(error.keyword)).map((error) => `${error.keywordLocation}/`);
  const kept = errors.filter((error) => !summaries.some((prefix) => error.keywordLocation.startsWith(prefix)));
  const closed = new Set(kept.filter((error) => isClosedObjectError(error)).map((error) => error.instanceLocation));
  const leaves = kept.filter((error) => {
    if (error.keyword === 'false' && closed.has(parentLocation(error.instanceLocation))) return false;
    return !kept.some((other) => other !== error && other.keywordLocation.startsWith(`${error.keywordLocation}/`));
  });
  const issues: Issue[] = [];
  const seen = new Set<string>();
  for (const error of leaves) {
    const issue = toIssue(error, root, schema);
    const key = `${JSON.stringify(issue.path)} ${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

function toIssue(error: OutputUnit, root: unknown, schema: object): Issue {
  const path = pathOf(error.instanceLocation, root);
  const value = valueAt(root, path);
  const property = /^Property "(.*)" does not match/.exec(error.error)?.[1];
  if (isClosedObjectError(error) && property !== undefined) return { message: 'Unexpected property', path: [...path, property] };
  const missing = /required property "(.*)"/.exec(error.error)?.[1];
  if (error.keyword === 'required' && missing !== undefined) return { message: 'Required', path: [...path, missing] };
  if (error.keyword === 'anyOf') return { message: 'Does not match any of the allowed schemas (anyOf)', path };
  if (error.keyword === 'oneOf') return { message: 'Must match exactly one of the allowed schemas (oneOf)', path };
  if (error.keyword === 'false') return { message: 'No value is allowed here', path };
  return { message: keywordMessage(error, value, schema), path };
}

/** A short message in the words of the keyword that failed (the validator's own wording otherwise). */
function keywordMessage(error: OutputUnit, value: unknown, schema: object): string {
  const received = JSON.stringify(value) ?? String(value);
  const keywordValue = valueAtPointer(schema, error.keywordLocation);
  const bound = /(-?[\d.e+]+)\.$/.exec(error.error)?.[1];
  switch (error.keyword) {
    case 'type': {
      const expected = [...error.error.slice(error.error.indexOf('Expected')).matchAll(/"([a-z]+)"/g)].map((match) => match[1]);
      return `Expected ${expected.join(' or ')}, received ${typeName(value)}`;
    }
    case 'enum':
      return Array.isArray(keywordValue)
        ? `Expected one of ${keywordValue.map((item) => JSON.stringify(item)).join(', ')}, received ${received}`
        : `${error.error.replace(/^Instance does not match any of /, 'Expected one of ').replace(/\.$/, '')}, received ${received}`;
    case 'const':
      return `${error.error.replace(/^Instance does not match /, 'Expected ').replace(/\.$/, '')}, received ${received}`;
    case 'pattern':
      return typeof keywordValue === 'string' ? `Does not match the pattern ${JSON.stringify(keywordValue)}` : 'Does not match the pattern';
    case 'format':
      return `${error.error.replace(/^String does not match format /, 'Expected a valid ').replace(/"/g, '').replace(/\.$/, '')}, received ${received}`;
    case 'minimum':
      return bound === undefined ? error.error.replace(/\.$/, '') : `Must be at least ${bound}, received ${received}`;
    case 'maximum':
      return bound === undefined ? error.error.replace(/\.$/, '') : `Must be at most ${bound}, received ${received}`;
    case 'exclusiveMinimum':
      return bound === undefined ? error.error.replace(/\.$/, '') : `Must be greater than ${bound}, received ${received}`;
    case 'exclusiveMaximum':
      return bound === undefined ? error.error.replace(/\.$/, '') : `Must be less than ${bound}, received ${received}`;
    default:
      return error.error.replace(/\.$/, '');
  }
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) current = typeof current === 'object' && current !== null ? (current as Record<PropertyKey, unknown>)[key] : undefined;
  return current;
}

/** The schema value a keyword location points at, or `undefined` past a `$ref` (the location is then not a path). */
function valueAtPointer(root: object, location: string): unknown {
  let current: unknown = root;
  for (const raw of location.replace(/^#\/?/, '').split('/')) {
    if (raw === '') continue;
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (key === '$ref' || typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function isClosedObjectError(error: OutputUnit): boolean {
  return error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties';
}

function parentLocation(location: string): string {
  const cut = location.lastIndexOf('/');
  return cut <= 0 ? '#' : location.slice(0, cut);
}

/** `#/items/0/sku` → `['items', 0, 'sku']`, array indexes as numbers (decided by the value walked). */
function pathOf(location: string, root: unknown): PropertyKey[] {
  if (location === '#' || location === '') return [];
  const path: PropertyKey[] = [];
  let current: unknown = root;
  for (const raw of location.replace(/^#\//, '').split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    const segment = Array.isArray(current) && /^\d+$/.test(key) ? Number(key) : key;
    path.push(segment);
    current = typeof current === 'object' && current !== null ? (current as Record<PropertyKey, unknown>)[segment] : undefined;
  }
  return path;
}
