import type { Aggregator } from '@tandem/core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeContext } from './__fixtures__/fake-context.js';
import { jsonSchema } from './json-schema.js';
import { tool } from './tool.js';

const input = z.object({ query: z.string() });

class CountAggregator implements Aggregator<string, number> {
  private count = 0;
  feed(): void {
    this.count += 1;
  }
  snapshot(): number {
    return this.count;
  }
  static toModelInput(snapshot: number): string {
    return `${snapshot} items`;
  }
}

describe('tool() — object form', () => {
  it('returns a FunctionTool with the spec the model sees and the execute that runs', async () => {
    const contactMothership = tool({
      name: 'contact_mothership',
      description: 'Contact the mothership for important decisions.',
      inputSchema: input,
      async execute({ query }) {
        return `Soon. (${query})`;
      },
    });
    expect(contactMothership.kind).toBe('function');
    expect(contactMothership.name).toBe('contact_mothership');
    expect(contactMothership.spec).toEqual({
      description: 'Contact the mothership for important decisions.',
      params: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    });
    await expect(contactMothership.execute?.({ query: 'launch?' }, fakeContext())).resolves.toBe('Soon. (launch?)');
    expect(Object.isFrozen(contactMothership)).toBe(true);
  });

  it('infers the name from a named execute function', () => {
    async function lookup_order({ query }: { query: string }): Promise<string> {
      return query;
    }
    expect(tool({ description: 'Look up an order.', inputSchema: input, execute: lookup_order }).name).toBe('lookup_order');
  });

  it('requires an explicit name for an execute method, an inline arrow, or an anonymous function', () => {
    expect(() => tool({ description: 'd', inputSchema: input, async execute() { return 1; } })).toThrow(
      /pass an explicit `name` — it cannot be inferred from a function named "execute"/,
    );
    expect(() => tool({ description: 'd', inputSchema: input, execute: async () => 1 })).toThrow(TypeError);
    const anonymous = [async (): Promise<number> => 1][0]!;
    expect(() => tool({ description: 'd', inputSchema: input, execute: anonymous })).toThrow(/an anonymous function/);
  });

  it('rejects a bad explicit name and a bad inferred name with the rule', () => {
    expect(() => tool({ name: 'contact mothership', description: 'd', inputSchema: input, execute: async () => 1 })).toThrow(
      /Invalid tool name "contact mothership": it contains " "/,
    );
    const fn = { async 'weird.name'() { return 1; } }['weird.name'];
    expect(() => tool({ description: 'd', inputSchema: input, execute: fn })).toThrow(/inferred from the function name\) "weird\.name"/);
  });

  it('requires a non-empty description', () => {
    expect(() => tool({ name: 'x', description: '', inputSchema: input, execute: async () => 1 })).toThrow(/`description` must be a non-empty string/);
    expect(() => tool({ name: 'x', description: '   ', inputSchema: input, execute: async () => 1 })).toThrow(TypeError);
    expect(() => tool({ name: 'x', inputSchema: input, execute: async () => 1 } as never)).toThrow(/tool "x": `description`/);
  });

  it('requires execute to be a function', () => {
    expect(() => tool({ name: 'x', description: 'd', inputSchema: input } as never)).toThrow(/`execute` must be a function/);
  });

  it('rejects a plain JSON Schema object with a hint to wrap it in jsonSchema()', () => {
    expect(() =>
      tool({ name: 'x', description: 'd', inputSchema: { type: 'object', properties: {} } as never, execute: async () => 1 }),
    ).toThrow(/wrap it: `inputSchema: jsonSchema/);
  });

  it('passes aggregator, config and toModelInput through to the runtime', () => {
    const toModelInput = vi.fn((output: number) => ({ type: 'text' as const, value: String(output) }));
    const config = { timeoutMs: 1000, retry: { maxAttempts: 3 } };
    const counted = tool({
      name: 'count',
      description: 'Counts.',
      inputSchema: input,
      aggregator: CountAggregator,
      config,
      async *execute({ query }) {
        yield query;
      },
    });
    expect(counted.aggregator).toBe(CountAggregator);
    expect(counted.config).toBe(config);
    const mapped = tool({ name: 'n', description: 'Number.', inputSchema: input, execute: async () => 42, toModelInput });
    expect(mapped.toModelInput?.(42)).toEqual({ type: 'text', value: '42' });
    expect(toModelInput).toHaveBeenCalledWith(42);
  });

  it('still accepts the deprecated names: input for inputSchema, toModelOutput for toModelInput', () => {
    const toModelOutput = (output: number) => ({ type: 'text' as const, value: `${output}!` });
    const old = tool({ name: 'old', description: 'Old.', input, execute: async () => 1, toModelOutput });
    expect(old.inputSchema).toEqual(tool({ name: 'new', description: 'New.', inputSchema: input, execute: async () => 1 }).inputSchema);
    expect(old.toModelOutput?.(1)).toEqual({ type: 'text', value: '1!' });
    expect(old.spec?.params).toEqual(old.inputSchema);
    expect(old.spec?.description).toBe('Old.');
  });

  it('refuses both names of one option, and a missing inputSchema', () => {
    expect(() => tool({ name: 'x', description: 'd', inputSchema: input, input, execute: async () => 1 } as never)).toThrow(
      /pass `inputSchema` only — `input` is its deprecated alias/,
    );
    expect(() =>
      tool({ name: 'x', description: 'd', inputSchema: input, execute: async () => 1, toModelInput: String, toModelOutput: () => ({ type: 'text', value: '' }) } as never),
    ).toThrow(/pass `toModelInput` only/);
    expect(() => tool({ name: 'x', description: 'd', execute: async () => 1 } as never)).toThrow(/`inputSchema` is required/);
  });

  it('names an unknown option key and the key meant (parameters → inputSchema)', () => {
    expect(() => tool({ name: 'search', description: 'd', parameters: input, execute: async () => 1 } as never)).toThrow(
      new TypeError(
        'tool("search"): unknown option `parameters`. Did you mean `inputSchema`? Known options: name, description, inputSchema, input, jsonSchema, aggregator, config, needsApproval, delivery, toModelInput, toModelOutput, execute.',
      ),
    );
    expect(() => tool({ name: 'search', description: 'd', inputSchema: input, exectue: async () => 1 } as never)).toThrow(/unknown option `exectue`\. Did you mean `execute`\?/);
    expect(() => tool(async function lookup() { return 1; }, { description: 'd', inputSchema: input, handler: () => 1 } as never)).toThrow(
      /tool\(lookup\) options: unknown option `handler`/,
    );
  });

  it('throws a TypeError naming the built-in aggregators for an async-generator execute without one', () => {
    const define = (): unknown =>
      tool({
        name: 'draft_reply',
        description: 'Draft a reply.',
        inputSchema: input,
        async *execute({ query }) {
          yield query;
        },
      });
    expect(define).toThrow(TypeError);
    expect(define).toThrow(/tool "draft_reply": `execute` is an async generator, so the tool needs an `aggregator`/);
    expect(define).toThrow(/TextAggregator/);
    expect(define).toThrow(/StatusAggregator/);
    expect(define).toThrow(/SubAgentAggregator/);
    expect(define).toThrow(/@tandem\/aggregators/);
  });

  it('rejects an aggregator instance or a class without toModelInput', () => {
    expect(() => tool({ name: 'x', description: 'd', inputSchema: input, aggregator: new CountAggregator() as never, execute: async () => 1 })).toThrow(
      /pass the class, not an instance/,
    );
    class NoStatic {
      feed(): void {}
      snapshot(): number {
        return 0;
      }
    }
    expect(() => tool({ name: 'x', description: 'd', inputSchema: input, aggregator: NoStatic as never, execute: async () => 1 })).toThrow(TypeError);
  });

  it('rejects a non-function toModelInput or toModelOutput', () => {
    expect(() => tool({ name: 'x', description: 'd', inputSchema: input, execute: async () => 1, toModelInput: 'text' as never })).toThrow(
      /`toModelInput` must be a function/,
    );
    expect(() => tool({ name: 'x', description: 'd', inputSchema: input, execute: async () => 1, toModelOutput: 'text' as never })).toThrow(
      /`toModelOutput` must be a function/,
    );
  });
});

describe('tool() — function form', () => {
  it('takes the name from the function and the rest from the options', async () => {
    const contactMothership = tool(async function contact_mothership(args: { query: string }) {
      return `Soon: ${args.query}`;
    }, { description: 'Contact the mothership.', inputSchema: input });
    expect(contactMothership.name).toBe('contact_mothership');
    expect(contactMothership.description).toBe('Contact the mothership.');
    await expect(contactMothership.execute?.({ query: 'q' }, fakeContext())).resolves.toBe('Soon: q');
  });

  it('uses the name of a const-assigned arrow function', () => {
    const get_time = async (): Promise<string> => '12:00';
    expect(tool(get_time, { description: 'Time.', inputSchema: z.object({}) }).name).toBe('get_time');
  });

  it('lets an explicit name win over the function name', () => {
    expect(tool(async function helper() { return 1; }, { name: 'renamed', description: 'd', inputSchema: input }).name).toBe('renamed');
  });

  it('requires a name for an anonymous function', () => {
    const anonymous = [async (): Promise<number> => 1][0]!;
    expect(() => tool(anonymous, { description: 'd', inputSchema: input })).toThrow(/name the function/);
  });

  it('requires the options argument', () => {
    expect(() => (tool as (fn: unknown) => unknown)(async function x() {})).toThrow(/pass the options/);
  });

  it('checks the async-generator rule in this form too', () => {
    expect(() =>
      tool(async function* stream_words() { yield 'a'; }, { description: 'Streams.', inputSchema: input }),
    ).toThrow(/needs an `aggregator`/);
  });
});

describe('tool().validate', () => {
  it('returns the parsed value on success (zod defaults applied)', async () => {
    const t = tool({ name: 'x', description: 'd', inputSchema: z.object({ q: z.string(), limit: z.number().default(5) }), execute: async () => 1 });
    expect(await t.validate?.({ q: 'hi' })).toEqual({ success: true, value: { q: 'hi', limit: 5 } });
  });

  it('lists every issue with its path', async () => {
    const t = tool({
      name: 'x',
      description: 'd',
      inputSchema: z.object({ query: z.string(), filters: z.object({ tags: z.array(z.string()) }) }),
      execute: async () => 1,
    });
    const result = await t.validate?.({ query: 1, filters: { tags: ['ok', 2] } });
    expect(result).toEqual({
      success: false,
      error: 'query: Invalid input: expected string, received number; filters.tags[1]: Invalid input: expected string, received number',
    });
  });

  it('supports async validators (zod refinements)', async () => {
    const t = tool({
      name: 'x',
      description: 'd',
      inputSchema: z.object({ user: z.string().refine(async (value) => value !== 'mallory', 'Unknown user') }),
      execute: async () => 1,
    });
    await expect(t.validate?.({ user: 'mallory' })).resolves.toEqual({ success: false, error: 'user: Unknown user' });
    await expect(t.validate?.({ user: 'alice' })).resolves.toEqual({ success: true, value: { user: 'alice' } });
  });

  it('validates jsonSchema() input with the structural check', async () => {
    const t = tool({
      name: 'x',
      description: 'd',
      inputSchema: jsonSchema<{ query: string }>({ type: 'object', properties: { query: { type: 'string' } }, required: ['query'] }),
      execute: async ({ query }) => query,
    });
    expect(await t.validate?.({ query: 7 })).toEqual({ success: false, error: 'query: Expected string, received number' });
    expect(await t.validate?.({})).toEqual({ success: false, error: 'query: Required' });
  });
});

describe('tool() delivery', () => {
  it('carries a realtime delivery mode onto the tool, and refuses an unknown one', () => {
    const alarm = tool({ name: 'alarm', description: 'Ring.', inputSchema: input, delivery: 'interrupt', execute: () => 'ring' });
    expect(alarm.delivery).toBe('interrupt');
    expect(tool({ name: 'quiet', description: 'Quiet.', inputSchema: input, execute: () => 'ok' })).not.toHaveProperty('delivery');
    expect(() => tool({ name: 'late', description: 'Late.', inputSchema: input, delivery: 'later' as never, execute: () => 'ok' })).toThrow(
      /tool "late": `delivery` must be 'when-idle', 'interrupt' or 'silent', got "later"/,
    );
  });
});
