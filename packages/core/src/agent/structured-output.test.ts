import { describe, expect, it } from 'vitest';
import { Agent } from './agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { fnTool } from '../__fixtures__/fixtures.js';
import { OutputValidationError } from '../output/output-validation-error.js';
import type { OutputSchema, OutputValidationResult } from '../output/output-schema.js';

interface Weather {
  city: string;
  celsius: number;
}

/** A hand-written Standard Schema + Standard JSON Schema (what zod 4 and jsonSchema() implement). */
const WeatherSchema: OutputSchema<Weather> = {
  '~standard': {
    version: 1,
    vendor: 'test',
    validate(value): OutputValidationResult<Weather> {
      const v = value as Partial<Weather> | null;
      const issues = [];
      if (typeof v?.city !== 'string') issues.push({ message: 'expected a string', path: ['city'] });
      if (typeof v?.celsius !== 'number') issues.push({ message: 'expected a number', path: ['celsius'] });
      return issues.length > 0 ? { issues } : { value: v as Weather };
    },
    jsonSchema: {
      input: () => ({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { city: { type: 'string' }, celsius: { type: 'number' } },
        required: ['city', 'celsius'],
      }),
    },
  },
};

describe('structured output', () => {
  it('sends responseFormat on every request of the run and resolves result.output with the validated value', async () => {
    const lookup = fnTool('lookup', () => '21 degrees');
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'lookup' }]), textResponse('{"city":"Oslo","celsius":21}')] });
    const result = await new Agent({ tools: [lookup] }).run(model, 'Weather in Oslo?', { output: WeatherSchema }).result;
    expect(result.output).toEqual({ city: 'Oslo', celsius: 21 });
    for (const request of model.requests) {
      expect(request.responseFormat).toEqual({
        type: 'json',
        name: 'output',
        schema: { type: 'object', properties: { city: { type: 'string' }, celsius: { type: 'number' } }, required: ['city', 'celsius'] },
      });
    }
    expect(model.requests).toHaveLength(2);
  });

  it('accepts an answer wrapped in a Markdown json fence', async () => {
    const model = new ScriptedModel({ responses: [textResponse('```json\n{"city":"Oslo","celsius":-3}\n```')] });
    const result = await new Agent().run(model, 'go', { output: WeatherSchema }).result;
    expect(result.output).toEqual({ city: 'Oslo', celsius: -3 });
  });

  it('a final answer that does not validate rejects with OutputValidationError { text, issues }', async () => {
    const model = new ScriptedModel({ responses: [textResponse('{"city":"Oslo"}')] });
    const error: unknown = await new Agent().run(model, 'go', { output: WeatherSchema }).result.catch((caught: unknown) => caught);
    expect(OutputValidationError.isInstance(error)).toBe(true);
    expect((error as OutputValidationError).text).toBe('{"city":"Oslo"}');
    expect((error as OutputValidationError).issues).toEqual([{ message: 'expected a number', path: ['celsius'] }]);
    expect((error as Error).message).toContain('celsius: expected a number');
  });

  it('a final answer that is not JSON rejects with OutputValidationError', async () => {
    const model = new ScriptedModel({ responses: [textResponse('Sunny and warm.')] });
    const error: unknown = await new Agent().run(model, 'go', { output: WeatherSchema }).result.catch((caught: unknown) => caught);
    expect(OutputValidationError.isInstance(error)).toBe(true);
    expect((error as OutputValidationError).issues[0]?.message).toMatch(/not valid JSON/);
  });

  it('a run that ends without the model\'s own answer has no output (and does not reject)', async () => {
    const stopper = fnTool('stopper', (_input, ctx) => {
      ctx.agent.cancel({ afterCurrentTools: true, message: 'Stopped.' });
      return 'ok';
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'stopper' }])] });
    const result = await new Agent({ tools: [stopper] }).run(model, 'go', { output: WeatherSchema }).result;
    expect(result.stopReason).toBe('endTurn');
    expect(result.output).toBeUndefined();
  });

  it('a schema that cannot describe itself as JSON Schema is a TypeError from run()', () => {
    const noJson = { '~standard': { version: 1 as const, vendor: 'old', validate: () => ({ value: 1 }) } };
    expect(() => new Agent().run(new ScriptedModel({ responses: [] }), 'go', { output: noJson })).toThrow(/cannot describe itself as JSON Schema/);
  });
});
