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
});
