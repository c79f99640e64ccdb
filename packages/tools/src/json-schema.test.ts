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
  return tool({ name: 'order', description: 'Order.', inputSchema: jsonSchema(orderSchema), execute: async () => 1 }).validate?.(value);
}

describe('jsonSchema()', () => {
  it('sends the schema to the model as given (minus $schema)', () => {
    const t = tool({
      name: 'order',
      description: 'Order.',
      inputSchema: jsonSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...orderSchema }),
      execute: async () => 1,
    });
    expect(t.inputSchema).toEqual(orderSchema);
  });

  it('passes a structurally valid value through unchanged', async () => {
    const value = { id: 1, status: 'open', note: null, items: [{ sku: 'A1' }], meta: {}, extra: true };
    expect(await validate(value)).toEqual({ success: true, value });
  });

  it('checks types, required, enum, nested items and additionalProperties: false, with paths', async () => {
    expect(await validate({ id: 1.5, status: 'lost', note: 3, items: [{ sku: 'A' }, {}], meta: { x: 1 } })).toEqual({
      success: false,
      error:
        'id: Expected integer, received number; status: Expected one of "open", "closed", received "lost"; ' +
        'note: Expected string or null, received number; items[1].sku: Required; meta.x: Unexpected property',
    });
    expect(await validate({ items: 'none' })).toEqual({ success: false, error: 'id: Required; items: Expected array, received string' });
    expect(await validate([1])).toEqual({ success: false, error: 'Expected object, received array' });
  });

  it('checks const', async () => {
    const t = tool({
      name: 'x',
      description: 'd',
      inputSchema: jsonSchema({ type: 'object', properties: { v: { const: 2 } } }),
      execute: async () => 1,
    });
    expect(await t.validate?.({ v: 3 })).toEqual({ success: false, error: 'v: Expected 2, received 3' });
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
      inputSchema: jsonSchema<{ n: number }>({ type: 'object' }, { validate: async () => ({ success: false, error: 'n: Too big' }) }),
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
    expect(() => tool({ name: 'x', description: 'd', inputSchema: jsonSchema({ type: 'string' }), execute: async () => 1 })).toThrow(
      /must describe an object/,
    );
  });

  it('validates completely: $ref, anyOf, pattern, minimum, exclusiveMinimum and formats (draft 2020-12)', async () => {
    const input = jsonSchema({
      type: 'object',
      properties: {
        code: { type: 'string', pattern: '^[A-Z]{3}$' },
        count: { type: 'integer', minimum: 1 },
        email: { type: 'string', format: 'email' },
        when: { type: 'string', format: 'date-time' },
        price: { $ref: '#/$defs/positive' },
        id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      },
      $defs: { positive: { type: 'number', exclusiveMinimum: 0 } },
    });
    expect(await input['~standard'].validate({ code: 'abc', count: 0, email: 'nope', when: 'yesterday', price: -1, id: true })).toEqual({
      issues: [
        { message: 'Does not match the pattern "^[A-Z]{3}$"', path: ['code'] },
        { message: 'Must be at least 1, received 0', path: ['count'] },
        { message: 'Expected a valid email, received "nope"', path: ['email'] },
        { message: 'Expected a valid date-time, received "yesterday"', path: ['when'] },
        { message: 'Must be greater than 0, received -1', path: ['price'] },
        { message: 'Does not match any of the allowed schemas (anyOf)', path: ['id'] },
      ],
    });
    const ok = { code: 'ABC', count: 2, email: 'a@b.co', when: '2026-01-02T03:04:05Z', price: 3, id: 'x' };
    expect(await input['~standard'].validate(ok)).toEqual({ value: ok });
  });

  it('reads draft-07 from $schema: definitions and tuple items', async () => {
    const input = jsonSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { pair: { type: 'array', items: [{ type: 'string' }, { $ref: '#/definitions/n' }] } },
      definitions: { n: { type: 'number' } },
    });
    expect(await input['~standard'].validate({ pair: ['a', 'b'] })).toEqual({ issues: [{ message: 'Expected number, received string', path: ['pair', 1] }] });
    expect(await input['~standard'].validate({ pair: ['a', 1] })).toEqual({ value: { pair: ['a', 1] } });
  });

  it('never runs the tool for bad arguments: the model gets an error result naming the problem', async () => {
    const { Agent } = await import('@tandem/core');
    const { ScriptedModel, toolCallResponse, textResponse } = await import('@tandem/core/testing');
    let ran = false;
    const lookup = tool({
      name: 'lookup',
      description: 'Look up a code.',
      inputSchema: jsonSchema<{ code: string }>({ type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]+$' } }, required: ['code'] }),
      execute: async () => ((ran = true), 'found'),
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'lookup', input: { code: 'abc' } }]), textResponse('ok')] });
    await new Agent({ tools: [lookup] }).run(model, 'go').result;
    expect(ran).toBe(false);
    expect(model.requests[1]?.messages.at(-1)?.parts[0]).toMatchObject({ status: 'error' });
    expect(JSON.stringify(model.requests[1]?.messages.at(-1)?.parts[0])).toContain('code: Does not match the pattern');
  });

  it('checks the schema itself at definition, naming the JSON pointer of the bad keyword', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ type: 'object', properties: { x: { type: 'strng' } } }, /invalid at \/properties\/x\/type: got "strng", which is not a JSON Schema type/],
      [{ type: 'object', required: 'x' }, /invalid at \/required: .*got "x"/],
      [{ type: 'object', properties: { x: { type: 'string', pattern: '([' } } }, /invalid at \/properties\/x\/pattern: got "\(\[", which is not a valid regular expression/],
      [{ type: 'object', properties: { x: { type: 'string', minLength: -1 } } }, /invalid at \/properties\/x\/minLength/],
      [{ type: 'object', $defs: { a: { anyOf: [] } } }, /invalid at \/\$defs\/a\/anyOf/],
    ];
    for (const [schema, message] of cases) {
      expect(() => jsonSchema(schema)).toThrow(TypeError);
      expect(() => jsonSchema(schema)).toThrow(message);
    }
  });

  it('loads the validator on demand: the first validation may wait for it, later ones answer synchronously', async () => {
    const input = jsonSchema<{ n: number }>({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] });
    const first = input['~standard'].validate({ n: 'x' });
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toEqual({ issues: [{ message: 'Expected number, received string', path: ['n'] }] });
    expect(input['~standard'].validate({ n: 1 })).toEqual({ value: { n: 1 } });
    expect(input['~standard'].validate({})).toEqual({ issues: [{ message: 'Required', path: ['n'] }] });
  });

  it('does not change the caller\'s schema and accepts a frozen one', async () => {
    const schema = Object.freeze({ type: 'object', properties: Object.freeze({ r: Object.freeze({ $ref: '#/$defs/n' }) }), $defs: Object.freeze({ n: Object.freeze({ type: 'number' }) }) });
    const input = jsonSchema(schema);
    expect(await input['~standard'].validate({ r: 'x' })).toEqual({ issues: [{ message: 'Expected number, received string', path: ['r'] }] });
    expect(JSON.stringify(schema)).toBe('{"type":"object","properties":{"r":{"$ref":"#/$defs/n"}},"$defs":{"n":{"type":"number"}}}');
  });
});
