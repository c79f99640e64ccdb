import { Agent } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.js';

const description = 'Contact the mothership.';
const inputSchema = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
const spec = { description, params: inputSchema };

describe('defineTool()', () => {
  it('makes a schema-only function tool (no execute) from description and inputSchema', () => {
    const t = defineTool({ kind: 'function', name: 'contact_mothership', description, inputSchema });
    expect(t).toEqual({ kind: 'function', name: 'contact_mothership', description, inputSchema });
    expect(t.execute).toBeUndefined();
    expect(Object.isFrozen(t)).toBe(true);
  });

  it('still accepts the deprecated spec: { description, params } shape, and keeps spec readable', () => {
    const t = defineTool({ kind: 'function', name: 'contact_mothership', spec });
    expect(t).toEqual({ kind: 'function', name: 'contact_mothership', description, inputSchema });
    expect(t.spec).toEqual(spec);
    expect(() => defineTool({ kind: 'function', name: 'x', spec, description } as never)).toThrow(/pass `description` and `inputSchema` only/);
  });

  it('takes a zod schema as inputSchema too', () => {
    const t = defineTool({ kind: 'function', name: 'ask', description: 'Ask.', inputSchema: z.object({ question: z.string() }) });
    expect(t.inputSchema).toMatchObject({ type: 'object', properties: { question: { type: 'string' } }, required: ['question'] });
  });

  it('validates the name, the description and the input schema', () => {
    expect(() => defineTool({ kind: 'function', name: 'contact mothership', description, inputSchema })).toThrow(/Invalid tool name "contact mothership"/);
    expect(() => defineTool({ kind: 'function', name: 'x', description: '', inputSchema })).toThrow(/`description` must be a non-empty string/);
    expect(() => defineTool({ kind: 'function', name: 'x', description, inputSchema: { type: 'string' } })).toThrow(/`inputSchema` must be a JSON Schema of an object/);
    expect(() => defineTool({ kind: 'function', name: 'x', spec: { ...spec, params: { type: 'string' } } })).toThrow(/`spec.params` must be a JSON Schema of an object/);
    expect(() => defineTool({ kind: 'provider', name: 'x', description, inputSchema } as never)).toThrow(/`kind` must be 'function'/);
  });

  it('checks the JSON Schema itself, naming the JSON pointer of the bad keyword', () => {
    expect(() =>
      defineTool({ kind: 'function', name: 'x', description, inputSchema: { type: 'object', properties: { city: { type: 'strng' } } } }),
    ).toThrow(/defineTool\("x"\): the JSON Schema is invalid at \/properties\/city\/type: got "strng", which is not a JSON Schema type/);
  });

  it('names an unknown key and the one meant', () => {
    expect(() => defineTool({ kind: 'function', name: 'x', description, parameters: inputSchema } as never)).toThrow(
      /defineTool\("x"\): unknown option `parameters`\. Did you mean `inputSchema`\?/,
    );
    expect(() => defineTool({ kind: 'function', name: 'x', descripton: description, inputSchema } as never)).toThrow(/Did you mean `description`\?/);
  });

  it('refuses an execute (that is what tool() is for)', () => {
    expect(() => defineTool({ kind: 'function', name: 'x', description, inputSchema, execute: () => 1 } as never)).toThrow(/use tool\(\)/);
  });

  it('asks approval before handing a call to the caller when needsApproval is set; a denial goes back to the model', async () => {
    const gated = defineTool({ kind: 'function', name: 'contact_mothership', description, inputSchema, needsApproval: ({ query }) => query !== 'hello' });
    expect(() => defineTool({ kind: 'function', name: 'x', spec, needsApproval: 'yes' } as never)).toThrow(/`needsApproval` must be true, false, or a function/);

    const asked: unknown[] = [];
    const approvedModel = new ScriptedModel({ responses: [toolCallResponse([{ name: 'contact_mothership', id: 'c1', input: { query: 'launch' } }])] });
    const approved = await new Agent({ tools: [gated], approve: (request) => (asked.push(request.input), true) }).run(approvedModel, 'go').result;
    expect(asked).toEqual([{ query: 'launch' }]);
    expect(approved.stopReason).toBe('toolUse');

    const deniedModel = new ScriptedModel({
      responses: [toolCallResponse([{ name: 'contact_mothership', id: 'c1', input: { query: 'launch' } }]), textResponse('I may not.')],
    });
    const denied = await new Agent({ tools: [gated], approve: () => ({ approved: false }) }).run(deniedModel, 'go').result;
    expect(denied.stopReason).toBe('endTurn');
    expect(deniedModel.requests[1]?.messages.at(-1)?.parts[0]).toMatchObject({ status: 'error', result: 'The user denied this tool call.' });

    // The rule decides per call: this one needs no approval and is handed to the caller at once.
    const freeModel = new ScriptedModel({ responses: [toolCallResponse([{ name: 'contact_mothership', id: 'c1', input: { query: 'hello' } }])] });
    const free = await new Agent({ tools: [gated], approve: () => ({ approved: false }) }).run(freeModel, 'go').result;
    expect(free.stopReason).toBe('toolUse');
  });
});
