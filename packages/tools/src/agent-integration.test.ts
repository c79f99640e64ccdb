import { Agent, type AgentEvent, type ToolResult } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { jsonSchema } from './json-schema.js';
import { tool } from './tool.js';

async function collect(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return events;
}

function results(events: readonly AgentEvent[]): ToolResult[] {
  return events.flatMap((event) => (event.type === 'tool-call-result' ? event.results : []));
}

describe('tools in an Agent', () => {
  it('sends the tool spec to the model as a function tool definition', async () => {
    const search = tool({ name: 'search', description: 'Search.', inputSchema: z.object({ q: z.string() }), execute: async () => 'none' });
    const model = new ScriptedModel({ responses: [textResponse('hi')] });
    await new Agent({ tools: [search] }).run(model, 'go').result;
    expect(model.requests[0]?.tools).toEqual([
      { kind: 'function', name: 'search', description: 'Search.', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
    ]);
  });

  it('gives invalid arguments an error result naming each issue, without calling execute', async () => {
    const execute = vi.fn(async ({ query }: { query: string }) => query);
    const search = tool({ name: 'search', description: 'Search.', inputSchema: z.object({ query: z.string(), limit: z.number().optional() }), execute });
    const model = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'search', input: { query: 42, limit: 'ten' } }]), textResponse('sorry')],
    });
    const events = await collect(new Agent({ tools: [search] }).run(model, 'go'));
    expect(execute).not.toHaveBeenCalled();
    const [result] = results(events);
    expect(result).toMatchObject({ toolName: 'search', status: 'error', isError: true });
    const seen = JSON.stringify(result?.modelInput);
    expect(seen).toContain('query: Invalid input: expected string, received number');
    expect(seen).toContain('limit: Invalid input: expected number, received string');
  });

  it('validates jsonSchema() input the same way', async () => {
    const execute = vi.fn(async () => 'ok');
    const lookup = tool({
      name: 'lookup',
      description: 'Look up.',
      inputSchema: jsonSchema<{ id: number }>({ type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }),
      execute,
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'lookup', input: {} }]), textResponse('ok')] });
    const events = await collect(new Agent({ tools: [lookup] }).run(model, 'go'));
    expect(execute).not.toHaveBeenCalled();
    expect(JSON.stringify(results(events)[0]?.modelInput)).toContain('id: Required');
  });

  it('hands execute the validated value (zod defaults and transforms applied)', async () => {
    const seen: unknown[] = [];
    const search = tool({
      name: 'search',
      description: 'Search.',
      inputSchema: z.object({ query: z.string().trim(), limit: z.number().default(3) }),
      async execute(input) {
        seen.push(input);
        return 'found';
      },
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'search', input: { query: '  moon ' } }]), textResponse('ok')] });
    await new Agent({ tools: [search] }).run(model, 'go').result;
    expect(seen).toEqual([{ query: 'moon', limit: 3 }]);
  });

  it('uses toModelInput for what the model sees', async () => {
    const weather = tool({
      name: 'weather',
      description: 'Weather.',
      inputSchema: z.object({}),
      execute: async () => ({ celsius: 21 }),
      toModelInput: (output) => `${output.celsius} °C`,
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'weather', input: {} }]), textResponse('ok')] });
    const events = await collect(new Agent({ tools: [weather] }).run(model, 'go'));
    expect(results(events)[0]).toMatchObject({ status: 'success', result: { celsius: 21 }, modelInput: { type: 'text', value: '21 °C' } });
  });

  it('rejects two tools with the same name at Agent construction', () => {
    const a = tool({ name: 'search', description: 'One.', inputSchema: z.object({}), execute: async () => 1 });
    const a2 = tool({ name: 'search', description: 'Two.', inputSchema: z.object({}), execute: async () => 2 });
    expect(() => new Agent({ tools: [a, a2] })).toThrow(TypeError);
    expect(() => new Agent({ tools: [a, a2] })).toThrow(/Duplicate tool name "search"/);
  });

  it('leaves schema-only tools to the caller (stopReason toolUse)', async () => {
    const ask = defineTool({
      kind: 'function',
      name: 'ask_user',
      description: 'Ask the user.', inputSchema: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] },
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'ask_user', input: { question: 'Why?' } }])] });
    const result = await new Agent({ tools: [ask] }).run(model, 'go').result;
    expect(result.stopReason).toBe('toolUse');
  });
});
