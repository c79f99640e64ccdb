import { describe, expect, it } from 'vitest';
import { toBedrockOutputSchema } from './bedrock-output-schema.js';

describe('toBedrockOutputSchema', () => {
  it('closes objects, keeps supported keywords and moves the rest into the description', () => {
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
    expect(toBedrockOutputSchema(schema)).toEqual({
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
