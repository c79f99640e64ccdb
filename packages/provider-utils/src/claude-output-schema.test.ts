import { describe, expect, it } from 'vitest';
import { toClaudeOutputSchema } from './claude-output-schema.js';

describe('toClaudeOutputSchema', () => {
  it('closes every object and keeps the supported keywords', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      description: 'A report.',
      properties: {
        city: { type: 'string', format: 'email' },
        when: { type: ['string', 'null'], format: 'date-time' },
        kind: { type: 'string', enum: ['a', 'b'], default: 'a' },
        tags: { type: 'array', items: { type: 'object', properties: { t: { type: 'string' } }, required: ['t'] }, minItems: 1 },
        pick: { oneOf: [{ $ref: '#/definitions/n' }, { type: 'null' }] },
      },
      required: ['city'],
      definitions: { n: { type: 'object', properties: { x: { const: 1 } } } },
    };
    expect(toClaudeOutputSchema(schema)).toEqual({
      definitions: { n: { type: 'object', properties: { x: { const: 1 } }, additionalProperties: false } },
      type: 'object',
      description: 'A report.',
      properties: {
        city: { type: 'string', format: 'email' },
        when: { type: ['string', 'null'], format: 'date-time' },
        kind: { type: 'string', enum: ['a', 'b'], default: 'a' },
        tags: { type: 'array', items: { type: 'object', properties: { t: { type: 'string' } }, required: ['t'], additionalProperties: false }, minItems: 1 },
        pick: { anyOf: [{ $ref: '#/definitions/n' }, { type: 'null' }] },
      },
      required: ['city'],
      additionalProperties: false,
    });
    expect(schema.properties.tags.items).not.toHaveProperty('additionalProperties');
  });

  it('moves unsupported constraints into the description, so the model still reads them', () => {
    expect(
      toClaudeOutputSchema({
        type: 'object',
        properties: {
          n: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
          s: { type: 'string', description: 'A code.', pattern: '^[A-Z]{3}$', maxLength: 3, format: 'ipv4-or-so' },
          list: { type: 'array', items: { type: 'number' }, minItems: 2 },
          map: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'number' } },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        n: { type: 'integer', description: '{minimum: -9007199254740991, maximum: 9007199254740991}' },
        s: { type: 'string', description: 'A code.\n\n{pattern: "^[A-Z]{3}$", maxLength: 3, format: "ipv4-or-so"}' },
        list: { type: 'array', items: { type: 'number' }, description: '{minItems: 2}' },
        map: { type: 'object', properties: {}, additionalProperties: false, description: '{propertyNames: {"type":"string"}}' },
      },
      additionalProperties: false,
    });
  });

  it('fits a draft 2020-12 schema: $defs closed, what stands beside $ref dropped, maxItems described', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: 0 },
        when: { type: 'string', format: 'date' },
        items: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } }, maxItems: 3 },
        either: { oneOf: [{ type: 'string' }, { $ref: '#/$defs/x', description: 'dropped beside $ref' }] },
      },
      required: ['n'],
      $defs: { x: { type: 'object', properties: {}, additionalProperties: true } },
    };
    expect(toClaudeOutputSchema(schema)).toEqual({
      $defs: { x: { type: 'object', properties: {}, additionalProperties: false } },
      type: 'object',
      properties: {
        n: { type: 'integer', description: '{minimum: 0}' },
        when: { type: 'string', format: 'date' },
        items: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }, description: '{maxItems: 3}' },
        either: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/x' }] },
      },
      required: ['n'],
      additionalProperties: false,
    });
    expect(schema.$defs.x.additionalProperties).toBe(true);
  });
});
