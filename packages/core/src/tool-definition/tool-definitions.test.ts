import { describe, expect, it } from 'vitest';
import type { FunctionTool } from './tool.js';
import { toToolDefinitions } from './tool-definitions.js';

const base: FunctionTool = { kind: 'function', name: 'alarm', spec: { description: 'Rings.', params: { type: 'object' } } };

describe('toToolDefinitions and delivery', () => {
  it("carries a function tool's delivery into its definition, and leaves it out when unset", () => {
    expect(toToolDefinitions([{ ...base, delivery: 'interrupt' }])[0]).toMatchObject({ name: 'alarm', delivery: 'interrupt' });
    expect(toToolDefinitions([base])[0]).not.toHaveProperty('delivery');
  });

  it('rejects an unknown delivery mode, naming the tool and the modes', () => {
    const bad = { ...base, delivery: 'later' } as unknown as FunctionTool;
    expect(() => toToolDefinitions([bad])).toThrow(/Tool "alarm": `delivery` must be 'when-idle', 'interrupt' or 'silent', got "later"/);
  });
});
