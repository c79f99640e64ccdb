import { describe, expect, it } from 'vitest';
import type { FunctionTool } from '../tool-definition/tool.js';
import { aggregatorModelInput, toolModelInput } from './model-input.js';

const base: FunctionTool = { kind: 'function', name: 't', description: 'T.', inputSchema: { type: 'object' } };

describe('toolModelInput', () => {
  it('maps the value like a return value when the tool has no mapping', () => {
    expect(toolModelInput(base, 'ok')).toEqual({ type: 'text', value: 'ok' });
    expect(toolModelInput(base, { a: 1 })).toEqual({ type: 'json', value: { a: 1 } });
  });

  it('sends a ToolOutput returned by toModelInput as it is, and maps a plain value', () => {
    const asOutput: FunctionTool = { ...base, toModelInput: (value) => ({ type: 'text', value: `${String(value)} °C` }) };
    expect(toolModelInput(asOutput, 21)).toEqual({ type: 'text', value: '21 °C' });
    const asValue: FunctionTool = { ...base, toModelInput: (value) => ({ celsius: value }) };
    expect(toolModelInput(asValue, 21)).toEqual({ type: 'json', value: { celsius: 21 } });
    const asText: FunctionTool = { ...base, toModelInput: () => 'short' };
    expect(toolModelInput(asText, 21)).toEqual({ type: 'text', value: 'short' });
  });

  it('still runs the deprecated toModelOutput, and prefers toModelInput when both are given', () => {
    const old: FunctionTool = { ...base, toModelOutput: () => ({ type: 'text', value: 'old' }) };
    expect(toolModelInput(old, 1)).toEqual({ type: 'text', value: 'old' });
    const both: FunctionTool = { ...old, toModelInput: () => 'new' };
    expect(toolModelInput(both, 1)).toEqual({ type: 'text', value: 'new' });
  });
});

describe('aggregatorModelInput', () => {
  it('accepts a ToolOutput or a plain value from static toModelInput', () => {
    class Plain {
      feed(): void {}
      snapshot(): number { return 3; }
      static toModelInput(snapshot: number): string { return `${snapshot} items`; }
    }
    class Output {
      feed(): void {}
      snapshot(): number { return 3; }
      static toModelInput(snapshot: number) { return { type: 'json' as const, value: { count: snapshot } }; }
    }
    expect(aggregatorModelInput(Plain as never, 3)).toEqual({ type: 'text', value: '3 items' });
    expect(aggregatorModelInput(Output as never, 3)).toEqual({ type: 'json', value: { count: 3 } });
  });
});
