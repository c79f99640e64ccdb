import { describe, expect, it } from 'vitest';
import { jsonSchema } from './json-schema.js';
import { tool } from './tool.js';

const orderSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    status: { type: 'string', enum: ['open', 'closed'] },
    note: { type: ['string', 'null'] },
    items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] } },
    meta: { type: 'object', properties: {}, additionalProperties: false },
  },
  required: ['id', 'items'],
};

function validate(value: unknown): unknown {
  return tool({ name: 'order', description: 'Order.', input: jsonSchema(orderSchema), execute: async () => 1 }).validate?.(value);
}

describe('jsonSchema()', () => {
  it('sends the schema to the model as given (minus $schema)', () => {
    const t = tool({
      name: 'order',
      description: 'Order.',
      input: jsonSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...orderSchema }),
      execute: async () => 1,
    });
    expect(t.spec.params).toEqual(orderSchema);
  });

  it('passes a structurally valid value through unchanged', () => {
    const value = { id: 1, status: 'open', note: null, items: [{ sku: 'A1' }], meta: {}, extra: true };
    expect(validate(value)).toEqual({ success: true, value });
  });

  it('checks types, required, enum, nested items and additionalProperties: false, with paths', () => {
    expect(validate({ id: 1.5, status: 'lost', note: 3, items: [{ sku: 'A' }, {}], meta: { x: 1 } })).toEqual({
      success: false,
      error:
        'id: Expected integer, received number; status: Expected one of "open", "closed", received "lost"; ' +
        'note: Expected string or null, received number; items[1].sku: Required; meta.x: Unexpected property',
    });
    expect(validate({ items: 'none' })).toEqual({ success: false, error: 'id: Required; items: Expected array, received string' });
    expect(validate([1])).toEqual({ success: false, error: 'Expected object, received array' });
  });

  it('checks const', () => {
    const t = tool({
      name: 'x',
      description: 'd',
      input: jsonSchema({ type: 'object', properties: { v: { const: 2 } } }),
      execute: async () => 1,
    });
    expect(t.validate?.({ v: 3 })).toEqual({ success: false, error: 'v: Expected 2, received 3' });
  });

  it('uses a custom validator instead, sync or async', async () => {
    const sync = jsonSchema<{ n: number }>({ type: 'object' }, {
      validate: (value) => (typeof value === 'object' && value !== null && 'n' in value ? { success: true, value: { n: Number(value.n) } } : { success: false, error: 'n: Required' }),
    });
    expect(sync['~standard'].validate({ n: '4' })).toEqual({ value: { n: 4 } });
    expect(sync['~standard'].validate({})).toEqual({ issues: [{ message: 'n: Required' }] });

    const t = tool({
      name: 'x',
      description: 'd',
      input: jsonSchema<{ n: number }>({ type: 'object' }, { validate: async () => ({ success: false, error: 'n: Too big' }) }),
      execute: async ({ n }) => n,
    });
    await expect(t.validate?.({ n: 1 })).resolves.toEqual({ success: false, error: 'n: Too big' });
  });

  it('is a Standard JSON Schema too', () => {
    const schema = jsonSchema({ type: 'object' });
    expect(schema['~standard'].version).toBe(1);
    expect(schema['~standard'].jsonSchema.input({ target: 'draft-07' })).toEqual({ type: 'object' });
    expect(schema.jsonSchema).toEqual({ type: 'object' });
  });

  it('rejects a non-object schema', () => {
    expect(() => jsonSchema(null as never)).toThrow(TypeError);
    expect(() => tool({ name: 'x', description: 'd', input: jsonSchema({ type: 'string' }), execute: async () => 1 })).toThrow(
      /must describe an object/,
    );
  });
});
