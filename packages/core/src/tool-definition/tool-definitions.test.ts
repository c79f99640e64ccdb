import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/agent.js';
import { stream } from '../stream/stream.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import type { FunctionTool } from './tool.js';
import { toToolDefinitions } from './tool-definitions.js';

describe('toToolDefinitions', () => {
  it('gives the model description and inputSchema', () => {
    const tool: FunctionTool = { kind: 'function', name: 'now', description: 'The time.', inputSchema: { type: 'object', properties: {} } };
    expect(toToolDefinitions([tool])).toEqual([{ kind: 'function', name: 'now', description: 'The time.', inputSchema: { type: 'object', properties: {} } }]);
  });

  it('still accepts the deprecated spec: { description, params } shape', () => {
    const tool: FunctionTool = { kind: 'function', name: 'now', spec: { description: 'The time.', params: { type: 'object' } } };
    expect(toToolDefinitions([tool])).toEqual([{ kind: 'function', name: 'now', description: 'The time.', inputSchema: { type: 'object' } }]);
  });

  it('rejects a function tool with neither shape, saying what to add', () => {
    expect(() => toToolDefinitions([{ kind: 'function', name: 'bare' } as FunctionTool])).toThrow(/Tool "bare" has no description/);
    expect(() => toToolDefinitions([{ kind: 'function', name: 'bare', description: 'x' } as FunctionTool])).toThrow(/Tool "bare" has no inputSchema/);
  });
});

describe('a plain function given as a tool', () => {
  async function getWeather(): Promise<string> {
    return 'sunny, and this source must not appear in the message';
  }

  it('is a TypeError naming the function (not its source) and showing tool(fn, { description, inputSchema })', () => {
    let error: unknown;
    try {
      new Agent({ tools: [getWeather as never] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TypeError);
    const message = (error as Error).message;
    expect(message).toContain('`getWeather`');
    expect(message).toContain('tool(getWeather, { description:');
    expect(message).toContain('inputSchema');
    expect(message).not.toContain('sunny');
  });

  it('is caught by stream() too, and an anonymous function is called so', () => {
    const model = new ScriptedModel({ responses: [] });
    expect(() => stream(model, [], { tools: [(() => 1) as never] })).toThrow(/An anonymous function was given as a tool.*tool\(fn, \{ description/);
  });
});
