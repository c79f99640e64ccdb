/** The JSON Schema types `type` may name. */
const TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];

/** A keyword's value is wrong: `expected` says what it should be (absent when `problem` says it all). */
interface Problem {
  readonly pointer: string;
  readonly value: unknown;
  readonly expected?: string;
  readonly problem?: string;
}

type Check = (value: unknown, pointer: string) => Problem | undefined;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const is = (test: (value: unknown) => boolean, expected: string): Check => (value, pointer) => (test(value) ? undefined : { pointer, value, expected });

const string = is((value) => typeof value === 'string', 'a string');
const boolean = is((value) => typeof value === 'boolean', 'a boolean');
const number = is((value) => typeof value === 'number', 'a number');
const positive = is((value) => typeof value === 'number' && value > 0, 'a number greater than 0');
const count = is((value) => Number.isInteger(value) && (value as number) >= 0, 'a non-negative integer');
const array = is(Array.isArray, 'an array');
const strings = is(
  (value) => Array.isArray(value) && value.every((item) => typeof item === 'string') && new Set(value).size === value.length,
  'an array of distinct strings',
);

const regex: Check = (value, pointer) => {
  if (typeof value !== 'string') return { pointer, value, expected: 'a string' };
  return isRegex(value) ? undefined : { pointer, value, problem: 'which is not a valid regular expression' };
};

const type: Check = (value, pointer) => {
  const names = Array.isArray(value) ? value : [value];
  if (Array.isArray(value) && (value.length === 0 || new Set(value).size !== value.length)) {
    return { pointer, value, expected: 'a JSON Schema type or a non-empty array of distinct types' };
  }
  for (const [index, name] of names.entries()) {
    if (typeof name !== 'string' || !TYPES.includes(name)) {
      return { pointer: Array.isArray(value) ? `${pointer}/${index}` : pointer, value: name, problem: `which is not a JSON Schema type (${TYPES.join(', ')})` };
    }
  }
  return undefined;
};

/** The schemas being checked, outermost first: one met again inside itself is a cycle, which JSON cannot hold. */
const open = new Set<object>();

const schema: Check = (value, pointer) => {
  if (typeof value === 'boolean') return undefined;
  if (!isObject(value)) return { pointer, value, expected: 'a schema (an object or a boolean)' };
  if (open.has(value)) return { pointer, value: '(the object itself)', problem: 'which contains itself; a recursive schema refers to itself with "$ref"' };
  open.add(value);
  try {
    for (const [keyword, child] of Object.entries(value)) {
      const check = KEYWORDS.get(keyword);
      const problem = check === undefined ? undefined : check(child, `${pointer}/${escape(keyword)}`);
      if (problem !== undefined) return problem;
    }
    return undefined;
  } finally {
    open.delete(value);
  }
};

/** `check` for each value of an object. */
const mapOf = (check: Check, keys?: Check): Check => (value, pointer) => {
  if (!isObject(value)) return { pointer, value, expected: 'an object' };
  for (const [key, child] of Object.entries(value)) {
    const at = `${pointer}/${escape(key)}`;
    const problem = keys?.(key, at) ?? check(child, at);
    if (problem !== undefined) return problem;
  }
  return undefined;
};

const schemas: Check = (value, pointer) => {
  if (!Array.isArray(value) || value.length === 0) return { pointer, value, expected: 'a non-empty array of schemas' };
  for (const [index, child] of value.entries()) {
    const problem = schema(child, `${pointer}/${index}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
};

const either = (first: Check, second: Check, expected: string): Check => (value, pointer) => {
  const problem = Array.isArray(value) ? second(value, pointer) : first(value, pointer);
  return problem?.pointer === pointer && problem.problem === undefined ? { pointer, value, expected } : problem;
};

/** Keywords of JSON Schema draft 2020-12 and draft-07 by what they take: `<kind> <keyword> …`, kinds as in {@link KINDS}. */
const TABLE =
  's $id $schema $ref $comment $anchor $dynamicRef $dynamicAnchor title description format contentMediaType contentEncoding|' +
  'b readOnly writeOnly deprecated uniqueItems|n maximum exclusiveMaximum minimum exclusiveMinimum|' +
  'c maxLength minLength maxItems minItems maxContains minContains maxProperties minProperties|' +
  'S additionalItems unevaluatedItems contains additionalProperties unevaluatedProperties propertyNames contentSchema if then else not|' +
  'A prefixItems allOf anyOf oneOf|M $defs definitions properties dependentSchemas|a examples enum|r required';

/** What each keyword takes; other keywords (`x-…`, `toString`, …) are left alone. */
const KEYWORDS = new Map<string, Check>([
  ['$vocabulary', mapOf(boolean)],
  ['multipleOf', positive],
  ['pattern', regex],
  ['items', either(schema, schemas, 'a schema or a non-empty array of schemas')],
  ['patternProperties', mapOf(schema, regex)],
  ['dependencies', mapOf(either(schema, strings, 'a schema or an array of distinct strings'))],
  ['dependentRequired', mapOf(strings)],
  ['type', type],
]);
const KINDS: Readonly<Record<string, Check>> = { s: string, b: boolean, n: number, c: count, S: schema, A: schemas, M: mapOf(schema), a: array, r: strings };
for (const row of TABLE.split('|')) {
  const [kind = '', ...keywords] = row.split(' ');
  for (const keyword of keywords) KEYWORDS.set(keyword, KINDS[kind]!);
}

/**
 * Checks that a JSON Schema is well formed (each keyword of draft 2020-12 and draft-07 has a value of the
 * right shape, subschemas included, and each `pattern` compiles), throwing a `TypeError` that names the
 * JSON pointer of the first bad keyword. It runs at definition, before any validator is loaded.
 * @internal
 */
export function assertValidJsonSchema(label: string, value: object): void {
  const problem = schema(value, '');
  if (problem === undefined) return;
  const got = `got ${JSON.stringify(problem.value) ?? String(problem.value)}`;
  throw new TypeError(
    `${label}: the JSON Schema is invalid at ${problem.pointer === '' ? '/' : problem.pointer}: ` +
      `${problem.problem === undefined ? `expected ${problem.expected ?? 'another value'} (${got})` : `${got}, ${problem.problem}`}. ` +
      'Tool input schemas follow JSON Schema draft 2020-12 or draft-07.',
  );
}

/** As JSON Schema's `regex` format: an ECMA-262 expression with the `u` flag, without Python's `\Z`. */
function isRegex(source: string): boolean {
  if (/[^\\]\\Z/.test(source)) return false;
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
