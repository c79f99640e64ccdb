import { describe, expect, it } from 'vitest';
import { isStrictJsonSchema } from './is-strict-json-schema.js';

const strictObject = (properties: { [key: string]: unknown }) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

describe('isStrictJsonSchema', () => {
  it('accepts an object schema whose objects all close additionalProperties and require every property', () => {
    const nested = strictObject({ name: { type: 'string' } });
    expect(
      isStrictJsonSchema({
        ...strictObject({ city: { type: ['string', 'null'] }, tags: { type: 'array', items: nested }, pick: { anyOf: [nested, { type: 'null' }] }, ref: { $ref: '#/$defs/n' } }),
        $defs: { n: nested },
      }),
    ).toBe(true);
  });

  it.each([
    ['a root that is not an object', { type: 'array', items: { type: 'string' } }],
    ['additionalProperties left open', { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }],
    ['an optional property', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'], additionalProperties: false }],
    ['an open object in array items', strictObject({ list: { type: 'array', items: { type: 'object', properties: {} } } })],
    ['an open object in anyOf', strictObject({ pick: { anyOf: [{ type: 'object', properties: { x: { type: 'string' } } }, { type: 'null' }] } })],
    ['an open object in $defs', { ...strictObject({}), $defs: { n: { type: 'object', properties: {} } } }],
  ])('rejects %s', (_name, schema) => {
    expect(isStrictJsonSchema(schema)).toBe(false);
  });
});
