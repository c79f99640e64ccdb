import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JSON_SCHEMA_META_SCHEMA } from './__fixtures__/json-schema-meta-schema.js';
import { assertValidJsonSchema } from './assert-valid-json-schema.js';

const meta = new Validator(structuredClone(JSON_SCHEMA_META_SCHEMA) as object, '7', false);

/** A seeded generator (mulberry32): a failure prints its seed and replays. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BASES: readonly object[] = [
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    title: 'Order',
    properties: {
      id: { type: 'integer', minimum: 1, multipleOf: 1 },
      status: { enum: ['open', 'closed'], default: 'open' },
      note: { type: ['string', 'null'], maxLength: 200, pattern: '^[^<>]*$', format: 'uri' },
      items: { type: 'array', items: { $ref: '#/$defs/item' }, minItems: 1, uniqueItems: true, contains: { type: 'object' } },
      pair: { prefixItems: [{ type: 'string' }, { type: 'number' }], unevaluatedItems: false },
      meta: { type: 'object', patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false, propertyNames: { minLength: 1 } },
    },
    required: ['id', 'items'],
    dependentRequired: { note: ['status'] },
    dependentSchemas: { meta: { required: ['id'] } },
    $defs: { item: { type: 'object', properties: { sku: { type: 'string', examples: ['A-1'] } }, required: ['sku'] } },
    if: { properties: { status: { const: 'closed' } } },
    then: { required: ['note'] },
    else: true,
    not: { required: ['deleted'] },
  },
  {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    definitions: { n: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 } },
    properties: {
      r: { $ref: '#/definitions/n' },
      tuple: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false },
      choice: { anyOf: [{ type: 'string' }, { type: 'number' }], oneOf: [{ minimum: 0 }, { type: 'string' }], allOf: [{}] },
    },
    dependencies: { r: ['tuple'], tuple: { required: ['r'] } },
    maxProperties: 5,
    minProperties: 0,
    readOnly: false,
    $comment: 'draft-07',
  },
  z.toJSONSchema(z.object({ query: z.string().min(1).describe('What to search'), limit: z.number().int().max(50).optional(), tags: z.array(z.enum(['a', 'b'])) })),
];

/** Values a mutation puts in place of a keyword's own: the right shape for some keywords, the wrong one for others. */
const REPLACEMENTS: readonly unknown[] = ['x', 'strng', 'string', '([', '^ok$', 0, -1, 1.5, 3, true, false, null, [], ['a'], ['a', 'a'], ['string', 'null'], [{}], {}, { a: 1 }, { a: {} }, { a: ['b'] }, { '([': {} }];

/** Every [path, value] of a schema, as JSON pointers. */
function locations(value: unknown, pointer = ''): string[] {
  if (typeof value !== 'object' || value === null) return [pointer];
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  return [pointer, ...entries.flatMap(([key, item]) => locations(item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`))];
}

function replaced(schema: object, pointer: string, value: unknown): object {
  const copy = structuredClone(schema) as Record<string, unknown>;
  const keys = pointer.slice(1).split('/').map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
  let parent: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  parent[keys.at(-1)!] = structuredClone(value);
  return copy;
}

function checkError(schema: object): string | undefined {
  try {
    assertValidJsonSchema('t', schema);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return (error as Error).message;
  }
}

describe('the definition-time JSON Schema check', () => {
  it('accepts well-formed draft 2020-12, draft-07 and zod-made schemas, booleans included', () => {
    for (const schema of BASES) expect(checkError(schema)).toBeUndefined();
    expect(checkError({ type: 'object', properties: { any: true, none: false } })).toBeUndefined();
    expect(checkError({ type: 'object', 'x-vendor': { type: 'nonsense' }, unknownKeyword: 5 })).toBeUndefined();
    // Keys that are names on Object.prototype are unknown keywords too, not checks.
    expect(checkError({ type: 'object', toString: 'x', constructor: 1, hasOwnProperty: [], properties: { valueOf: { type: 'string' } } })).toBeUndefined();
  });

  it('agrees with the meta-schema (run by @cfworker/json-schema) on 3,000 seeded mutations, naming the mutated place', { timeout: 120_000 }, () => {
    const seed = Number(process.env['SEED'] ?? 20261202);
    const next = random(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    let invalid = 0;
    for (let round = 0; round < 3000; round++) {
      const base = pick(BASES);
      const at = pick(locations(base).filter((pointer) => pointer !== ''));
      const value = pick(REPLACEMENTS);
      const schema = replaced(base, at, value);
      const expected = meta.validate(schema).valid;
      const message = checkError(schema);
      const context = `seed ${seed}, round ${round}: ${at} = ${JSON.stringify(value)}`;
      expect(message === undefined, `${context}: ${message ?? 'accepted'}`).toBe(expected);
      if (message === undefined) continue;
      invalid++;
      const pointer = /invalid at (\S+):/.exec(message)?.[1];
      // The bad keyword is the mutated one, or inside the value put there, or the keyword holding it.
      expect(pointer !== undefined && (pointer.startsWith(at) || at.startsWith(pointer)), `${context}: ${message}`).toBe(true);
    }
    // The mutations exercise both sides.
    expect(invalid).toBeGreaterThan(300);
    expect(invalid).toBeLessThan(2700);
  });

  it('says what the keyword takes and escapes the pointer', () => {
    expect(checkError({ type: 'object', properties: { 'a/b': { type: 'string', maxLength: 'ten' } } })).toMatch(
      /invalid at \/properties\/a~1b\/maxLength: expected a non-negative integer \(got "ten"\)\. Tool input schemas follow JSON Schema draft 2020-12 or draft-07\.$/,
    );
    expect(checkError({ type: 'object', properties: { t: { type: ['string', 'strng'] } } })).toMatch(/invalid at \/properties\/t\/type\/1: got "strng", which is not a JSON Schema type/);
    expect(checkError({ type: 'object', patternProperties: { '([': {} } })).toMatch(/invalid at \/patternProperties\/\(\[: got "\(\[", which is not a valid regular expression/);
    expect(checkError({ type: 'object', items: [] })).toMatch(/invalid at \/items: expected a schema or a non-empty array of schemas \(got \[\]\)/);
    expect(checkError({ type: 'object', required: ['a', 'a'] })).toMatch(/invalid at \/required: expected an array of distinct strings/);
  });

  it('names a schema that contains itself (a cycle JSON cannot hold) instead of overflowing the stack, and accepts the same object used twice', () => {
    const node: Record<string, unknown> = { type: 'object', properties: {} };
    (node['properties'] as Record<string, unknown>)['child'] = node;
    expect(checkError(node)).toMatch(/invalid at \/properties\/child: got "\(the object itself\)", which contains itself; a recursive schema refers to itself with "\$ref"\./);
    const deep: Record<string, unknown> = { type: 'object', properties: { a: { type: 'array', items: { anyOf: [{ type: 'string' }] } } } };
    ((((deep['properties'] as Record<string, Record<string, unknown>>)['a']!['items'] as Record<string, unknown[]>)['anyOf']!) as unknown[]).push(deep);
    expect(checkError(deep)).toMatch(/invalid at \/properties\/a\/items\/anyOf\/1: got "\(the object itself\)", which contains itself/);
    // The same subschema object in two places is a tree for JSON, not a cycle.
    const shared = { type: 'string', minLength: 1 };
    expect(() => assertValidJsonSchema('t', { type: 'object', properties: { a: shared, b: shared } })).not.toThrow();
    // A failed check leaves nothing behind: the next check of the same objects passes once the cycle is gone.
    (node['properties'] as Record<string, unknown>)['child'] = { type: 'string' };
    expect(() => assertValidJsonSchema('t', node)).not.toThrow();
  });
});
