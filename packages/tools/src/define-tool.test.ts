import { Agent } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { defineTool } from './define-tool.js';

const spec = {
  description: 'Contact the mothership.',
  params: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
};

describe('defineTool()', () => {
  it('makes a schema-only function tool (no execute)', () => {
    const t = defineTool({ kind: 'function', name: 'contact_mothership', spec });
    expect(t).toEqual({ kind: 'function', name: 'contact_mothership', spec });
    expect(t.execute).toBeUndefined();
    expect(Object.isFrozen(t)).toBe(true);
  });

  it('validates the name, the description and the params schema', () => {
    expect(() => defineTool({ kind: 'function', name: 'contact mothership', spec })).toThrow(/Invalid tool name "contact mothership"/);
    expect(() => defineTool({ kind: 'function', name: 'x', spec: { ...spec, description: '' } })).toThrow(/`spec.description` must be a non-empty string/);
    expect(() => defineTool({ kind: 'function', name: 'x', spec: { ...spec, params: { type: 'string' } } })).toThrow(/`spec.params` must be a JSON Schema of an object/);
    expect(() => defineTool({ kind: 'provider', name: 'x', spec } as never)).toThrow(/`kind` must be 'function'/);
  });

  it('refuses an execute (that is what tool() is for)', () => {
    expect(() => defineTool({ kind: 'function', name: 'x', spec, execute: () => 1 } as never)).toThrow(/use tool\(\)/);
  });

  it('asks approval before handing a call to the caller when needsApproval is set; a denial goes back to the model', async () => {
    const gated = defineTool({ kind: 'function', name: 'contact_mothership', spec, needsApproval: ({ query }) => query !== 'hello' });
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
