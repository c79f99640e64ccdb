import { Validator, type OutputUnit } from '@cfworker/json-schema';
import { JSON_SCHEMA_META_SCHEMA } from './json-schema-meta-schema.js';

let metaValidator: Validator | undefined;

/**
 * Checks a JSON Schema against the meta-schema (draft-07 and draft 2020-12 keywords). Throws a `TypeError`
 * that names the JSON pointer of the first bad keyword, e.g. `/properties/city/type`, and what is wrong
 * with it.
 * @internal
 */
export function assertValidJsonSchema(label: string, schema: object): void {
  metaValidator ??= new Validator(structuredClone(JSON_SCHEMA_META_SCHEMA) as object, '7', false);
  const { valid, errors } = metaValidator.validate(schema);
  if (valid) return;
  const worst = deepestError(errors);
  const pointer = worst.instanceLocation.replace(/^#/, '');
  const value = valueAt(schema, pointer);
  throw new TypeError(
    `${label}: the JSON Schema is invalid at ${pointer === '' ? '/' : pointer}: ${describe(worst, value)}. ` +
      'Tool input schemas follow JSON Schema draft 2020-12 or draft-07.',
  );
}

/** The error deepest in the schema; among those at one place, the most specific (a leaf, not an `anyOf`). */
function deepestError(errors: readonly OutputUnit[]): OutputUnit {
  let worst = errors[0]!;
  for (const error of errors) {
    const depth = segments(error.instanceLocation);
    const worstDepth = segments(worst.instanceLocation);
    if (depth > worstDepth || (depth === worstDepth && error.keywordLocation.length > worst.keywordLocation.length)) worst = error;
  }
  return worst;
}

function describe(error: OutputUnit, value: unknown): string {
  const got = `got ${JSON.stringify(value) ?? String(value)}`;
  if (error.keyword === 'enum' && error.keywordLocation.includes('/type/')) {
    return `${got}, which is not a JSON Schema type (array, boolean, integer, null, number, object, string)`;
  }
  if (error.keyword === 'format' && error.keywordLocation.endsWith('/format')) return `${got}, which is not a valid regular expression`;
  return `${error.error.replace(/\.$/, '')} (${got})`;
}

function segments(location: string): number {
  return location === '#' ? 0 : location.split('/').length - 1;
}

function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let current: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
