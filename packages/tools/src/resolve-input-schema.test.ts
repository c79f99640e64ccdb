import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import * as zm from 'zod/mini';
import { fakeContext } from './__fixtures__/fake-context.js';
import { tool } from './tool.js';

describe('zod input → JSON Schema', () => {
  it('converts a nested object with optional, enum, array and description fields (draft-07, no $schema)', () => {
    const t = tool({
      name: 'book_flight',
      description: 'Books a flight.',
      inputSchema: z.object({
        from: z.string().describe('IATA code of the departure airport'),
        to: z.string(),
        cabin: z.enum(['economy', 'business']).optional(),
        passengers: z.array(z.object({ name: z.string(), age: z.number().optional() })).describe('Who flies'),
        options: z.object({ flexible: z.boolean() }).optional(),
      }),
      execute: async () => 'booked',
    });
    expect(t.inputSchema).toEqual({
      type: 'object',
      properties: {
        from: { type: 'string', description: 'IATA code of the departure airport' },
        to: { type: 'string' },
        cabin: { type: 'string', enum: ['economy', 'business'] },
        passengers: {
          type: 'array',
          description: 'Who flies',
          items: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'number' } }, required: ['name'] },
        },
        options: { type: 'object', properties: { flexible: { type: 'boolean' } }, required: ['flexible'] },
      },
      required: ['from', 'to', 'passengers'],
    });
    expect(t.inputSchema).not.toHaveProperty('$schema');
  });

  it('describes the input side: fields with defaults are optional for the model', () => {
    const t = tool({ name: 'x', description: 'd', inputSchema: z.object({ limit: z.number().default(10) }), execute: async () => 1 });
    expect(t.inputSchema).toMatchObject({ properties: { limit: { type: 'number', default: 10 } } });
    expect(t.inputSchema?.['required']).toBeUndefined();
  });

  it.each([
    ['a string', z.string(), /must describe an object \(JSON Schema type "object"\), but its type is "string"/],
    ['an array', z.array(z.string()), /its type is "array"/],
    ['a union', z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]), /its type is null/],
  ])('rejects %s at the top level with a TypeError', (_label, input, message) => {
    expect(() => tool({ name: 'x', description: 'd', inputSchema: input, execute: async () => 1 })).toThrow(message);
  });

  it('reports a schema JSON cannot express with the fix', () => {
    expect(() => tool({ name: 'when', description: 'd', inputSchema: z.object({ at: z.date() }), execute: async () => 1 })).toThrow(
      /tool "when": the zod input schema cannot be expressed as JSON Schema \(Date cannot be represented in JSON Schema\)/,
    );
  });

  it('lets `jsonSchema` override what the model sees while zod still validates', () => {
    const t = tool({
      name: 'x',
      description: 'd',
      inputSchema: z.object({ at: z.coerce.date() }),
      jsonSchema: { type: 'object', properties: { at: { type: 'string', format: 'date-time' } }, required: ['at'] },
      execute: async ({ at }) => at.toISOString(),
    });
    expect(t.inputSchema).toEqual({ type: 'object', properties: { at: { type: 'string', format: 'date-time' } }, required: ['at'] });
    expect(t.validate?.({ at: '2026-01-02T00:00:00.000Z' })).toEqual({ success: true, value: { at: new Date('2026-01-02T00:00:00.000Z') } });
  });
});

describe('zod schemas without Standard JSON Schema (zod/mini, zod 4.0–4.1, zod 3.25 zod/v4)', () => {
  it('converts them with the application\'s zod, loaded on first use, keeping .describe() metadata', () => {
    const input = zm.object({ query: zm.string().check(zm.describe('What to ask')), limit: zm.optional(zm.number()) });
    expect(input['~standard']).not.toHaveProperty('jsonSchema');
    const t = tool({ name: 'search', description: 'd', inputSchema: input, execute: async () => 1 });
    expect(t.inputSchema).toEqual({
      type: 'object',
      properties: { query: { type: 'string', description: 'What to ask' }, limit: { type: 'number' } },
      required: ['query'],
    });
    expect(t.validate?.({ query: 'a', limit: 'x' })).toMatchObject({ success: false });
  });

  it('reports a schema JSON cannot express with the fix', () => {
    expect(() => tool({ name: 'when', description: 'd', inputSchema: zm.object({ at: zm.date() }), execute: async () => 1 })).toThrow(
      /tool "when": the zod input schema cannot be expressed as JSON Schema \(Date cannot be represented in JSON Schema\)/,
    );
  });
});

/** A hand-made Standard Schema v1: `{ query: string }`, validated asynchronously. */
function querySchema(): StandardSchemaV1<unknown, { query: string }> {
  return {
    '~standard': {
      version: 1,
      vendor: 'handmade',
      async validate(value) {
        if (typeof value !== 'object' || value === null) return { issues: [{ message: 'Expected an object' }] };
        const query: unknown = (value as Record<string, unknown>)['query'];
        if (typeof query !== 'string') return { issues: [{ message: 'Expected string', path: [{ key: 'query' }] }] };
        return { value: { query: query.trim() } };
      },
    },
  };
}

describe('Standard Schema input', () => {
  const params = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };

  it('needs `jsonSchema` when the schema cannot produce one, and says so', () => {
    expect(() => tool({ name: 'search', description: 'd', inputSchema: querySchema(), execute: async () => 1 })).toThrow(
      /tool "search": this handmade schema cannot produce a JSON Schema .* Pass the JSON Schema the model should see as the `jsonSchema` option/,
    );
  });

  it('validates with ~standard.validate and hands execute the output value', async () => {
    const search = tool({
      name: 'search',
      description: 'Search.',
      inputSchema: querySchema(),
      jsonSchema: params,
      async execute({ query }) {
        return `results for ${query}`;
      },
    });
    expect(search.inputSchema).toEqual(params);
    const ok = await search.validate?.({ query: '  moon ' });
    expect(ok).toEqual({ success: true, value: { query: 'moon' } });
    if (ok?.success) await expect(search.execute?.(ok.value, fakeContext())).resolves.toBe('results for moon');
    await expect(search.validate?.({ query: 3 })).resolves.toEqual({ success: false, error: 'query: Expected string' });
    await expect(search.validate?.(null)).resolves.toEqual({ success: false, error: 'Expected an object' });
  });

  it('uses ~standard.jsonSchema (Standard JSON Schema) when present, asking for draft-07', () => {
    const targets: string[] = [];
    const schema: StandardSchemaV1<unknown, { query: string }> & StandardJSONSchemaV1<unknown, { query: string }> = {
      '~standard': {
        ...querySchema()['~standard'],
        jsonSchema: {
          input(options) {
            targets.push(options.target);
            return { $schema: 'http://json-schema.org/draft-07/schema#', ...params };
          },
          output: () => params,
        },
      },
    };
    const t = tool({ name: 'search', description: 'd', inputSchema: schema, execute: async () => 1 });
    expect(targets).toEqual(['draft-07']);
    expect(t.inputSchema).toEqual(params);
  });

  it('falls back to draft-2020-12 when the schema refuses draft-07', () => {
    const schema: StandardSchemaV1 & StandardJSONSchemaV1 = {
      '~standard': {
        ...querySchema()['~standard'],
        jsonSchema: {
          input(options) {
            if (options.target !== 'draft-2020-12') throw new Error(`unsupported target ${options.target}`);
            return params;
          },
          output: () => params,
        },
      },
    };
    expect(tool({ name: 'search', description: 'd', inputSchema: schema, execute: async () => 1 }).inputSchema).toEqual(params);
  });

  it('points zod 3 schemas (Standard Schema without JSON Schema) at zod 4', () => {
    expect(() => tool({ name: 'x', description: 'd', inputSchema: z3.object({ q: z3.string() }), execute: async () => 1 })).toThrow(
      /use a zod 4 schema .* instead of a zod 3 one/,
    );
  });

  it('rejects something that is not a schema at all', () => {
    expect(() => tool({ name: 'x', description: 'd', inputSchema: 'query: string' as never, execute: async () => 1 })).toThrow(
      /`inputSchema` must be a zod 4 schema, jsonSchema\(…\), or a Standard Schema v1 object/,
    );
  });
});
