import { Agent, TandemError } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { describe, expect, it, vi } from 'vitest';
import { jsonSchema } from './json-schema.js';
import { tool } from './tool.js';

// The validator module fails to load until the test lets it (a browser that cannot fetch the chunk, then can).
const chunk = vi.hoisted(() => ({ loads: false, attempts: 0 }));
vi.mock('./json-schema-compile.js', async (importOriginal) => {
  chunk.attempts++;
  if (!chunk.loads) throw new Error('Failed to fetch dynamically imported module: /assets/json-schema-compile.js');
  return importOriginal();
});

const schema = { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } as const;

describe('jsonSchema(): the validator loads on demand', () => {
  it('a call made while the validator cannot load gets an error result that says so; the next call loads it again and validates', async () => {
    let ran = 0;
    const lookup = tool({
      name: 'lookup',
      description: 'Look up a code.',
      inputSchema: jsonSchema<{ code: string }>(schema),
      execute: async ({ code }) => ((ran += 1), `found ${code}`),
    });
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'lookup', input: { code: 'A' } }]), textResponse('first'), toolCallResponse([{ name: 'lookup', input: { code: 7 } }]), toolCallResponse([{ name: 'lookup', input: { code: 'B' } }]), textResponse('second')],
    });
    const agent = new Agent({ tools: [lookup] });

    const direct = await Promise.resolve(jsonSchema({ type: 'object' })['~standard'].validate({})).catch((error: unknown) => error);
    expect(TandemError.isInstance(direct)).toBe(true);
    expect((direct as TandemError).code).toBe('JSON_SCHEMA_VALIDATOR_UNAVAILABLE');
    expect((direct as TandemError).message).toMatch(/in a browser, that the app can fetch its chunk/);

    const first = await agent.run(model, 'go').result;
    const failed = first.messages.flatMap((message) => message.parts).find((part) => part.type === 'tool-result');
    expect(failed).toMatchObject({ status: 'error' });
    expect(JSON.stringify(failed)).toContain('loading the JSON Schema validator (@cfworker/json-schema) failed');
    expect(ran).toBe(0);

    chunk.loads = true;
    const before = chunk.attempts;
    const second = await agent.run(model, 'again').result;
    const results = second.messages.flatMap((message) => message.parts).filter((part) => part.type === 'tool-result');
    expect(results.map((part) => part.status)).toEqual(['error', 'success']);
    expect(JSON.stringify(results[0])).toContain('code: Expected string, received number');
    expect(ran).toBe(1);
    // The failed import was forgotten and tried again.
    expect(chunk.attempts).toBeGreaterThan(before);
  });
});
