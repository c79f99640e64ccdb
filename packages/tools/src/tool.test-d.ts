import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { FunctionTool, ToolContext } from '@tandem/core';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { jsonSchema } from './json-schema.js';
import type { InferToolInput } from './resolve-input-schema.js';
import { tool } from './tool.js';
import { workerTool } from './worker-tool.js';

const input = z.object({
  query: z.string(),
  limit: z.number().default(10),
  tags: z.array(z.enum(['a', 'b'])).optional(),
});

describe('tool() types', () => {
  it('infers execute\'s input from a zod schema (output side: defaults filled in)', () => {
    tool({
      name: 'search',
      description: 'Search.',
      inputSchema: input,
      async execute(args, ctx) {
        expectTypeOf(args).toEqualTypeOf<{ query: string; limit: number; tags?: ('a' | 'b')[] | undefined }>();
        expectTypeOf(ctx).toEqualTypeOf<ToolContext>();
        return 'ok';
      },
    });
    expectTypeOf<InferToolInput<typeof input>>().toEqualTypeOf<z.infer<typeof input>>();
  });

  it('types the tool with its input and awaited output', () => {
    const t = tool({ name: 'n', description: 'd', inputSchema: input, execute: async () => ({ count: 1 }) });
    expectTypeOf(t).toEqualTypeOf<FunctionTool<z.infer<typeof input>, { count: number }>>();
  });

  it('types toModelInput from execute\'s result', () => {
    tool({
      name: 'n',
      description: 'd',
      inputSchema: input,
      execute: async () => ({ celsius: 21 }),
      toModelInput(output) {
        expectTypeOf(output).toEqualTypeOf<{ celsius: number }>();
        return { type: 'text', value: String(output.celsius) };
      },
    });
  });

  it('infers the input in the function form from the options', () => {
    tool(async function search(args) {
      expectTypeOf(args).toEqualTypeOf<z.infer<typeof input>>();
      return 1;
    }, { description: 'd', inputSchema: input });
  });

  it('rejects an execute whose parameter does not match the schema', () => {
    // @ts-expect-error — the schema gives `query: string`, not number
    tool(async function search(args: { query: number }) { return args; }, { description: 'd', inputSchema: input });
  });

  it('uses the type argument of jsonSchema<T>() and a Standard Schema\'s output type', () => {
    tool({
      name: 'j',
      description: 'd',
      inputSchema: jsonSchema<{ id: number }>({ type: 'object' }),
      async execute(args) {
        expectTypeOf(args).toEqualTypeOf<{ id: number }>();
      },
    });
    const standard = {} as StandardSchemaV1<unknown, { when: Date }>;
    tool({
      name: 's',
      description: 'd',
      inputSchema: standard,
      jsonSchema: { type: 'object' },
      async execute(args) {
        expectTypeOf(args).toEqualTypeOf<{ when: Date }>();
      },
    });
  });

  it('infers unknown for an untyped jsonSchema()', () => {
    tool({
      name: 'u',
      description: 'd',
      inputSchema: jsonSchema({ type: 'object' }),
      async execute(args) {
        expectTypeOf(args).toEqualTypeOf<unknown>();
      },
    });
  });

  it('types workerTool() input from the schema', () => {
    const w = workerTool({ name: 'w', description: 'd', inputSchema: input, module: new URL('file:///x.mjs'), export: 'run' });
    expectTypeOf(w.execute).parameter(0).toEqualTypeOf<z.infer<typeof input>>();
    expectTypeOf(w.terminate).returns.toEqualTypeOf<Promise<void>>();
  });
});

describe('tool() deprecated names', () => {
  it('still infers execute\'s input from the deprecated `input`', () => {
    tool({
      name: 'old',
      description: 'd',
      input,
      async execute(args) {
        expectTypeOf(args).toEqualTypeOf<z.infer<typeof input>>();
        return 1;
      },
    });
  });

  it('rejects both inputSchema and input', () => {
    // @ts-expect-error — one schema, one name
    tool({ name: 'both', description: 'd', inputSchema: input, input, execute: async () => 1 });
  });
});
