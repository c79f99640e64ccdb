import { describe, expect, it } from 'vitest';
import type { ModelRequest, ResponseFormat } from '@tandem/core/spec';
import { InvalidRequestError } from './invalid-request-error.js';
import { jsonResponseTool, jsonResponseToolChoice, jsonResponseToolName } from './json-response-tool.js';

const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
const format: ResponseFormat = { type: 'json', schema, name: 'output' };
const weather = { kind: 'function', name: 'weather', description: 'Weather.', inputSchema: { type: 'object' } } as const;
const request = (tools: ModelRequest['tools'] = []): ModelRequest => ({ messages: [], tools });
const acme = { provider: 'acme', label: 'Acme' };

describe('jsonResponseTool', () => {
  it('is a function tool named after the format, whose input schema is the response schema', () => {
    expect(jsonResponseTool(request([weather]), format, acme)).toEqual({
      kind: 'function',
      name: 'output',
      description: expect.stringContaining('final answer'),
      inputSchema: schema,
    });
    expect(jsonResponseTool(request(), { ...format, description: 'The city.' }, acme).description).toBe('The city.');
    expect(jsonResponseToolName({ type: 'json', schema })).toBe('response');
  });

  it('refuses a request that already has a function tool of that name, naming the vendor', () => {
    let caught: unknown;
    try {
      jsonResponseTool(request([{ ...weather, name: 'output' }]), format, acme);
    } catch (error) {
      caught = error;
    }
    expect(InvalidRequestError.isInstance(caught)).toBe(true);
    expect(caught).toMatchObject({ provider: 'acme' });
    expect((caught as Error).message).toMatch(/^Acme structuredOutputMode 'jsonTool' answers through a tool named 'output', but the request already has a tool of that name/);
  });
});

describe('jsonResponseToolChoice', () => {
  it.each([
    [undefined, 0, { type: 'tool', toolName: 'output' }],
    ['auto', 0, { type: 'tool', toolName: 'output' }],
    ['none', 2, { type: 'tool', toolName: 'output' }],
    [undefined, 2, 'required'],
    ['required', 1, 'required'],
    [{ type: 'tool', toolName: 'weather' }, 1, { type: 'tool', toolName: 'weather' }],
  ] as const)('toolChoice %j next to %i other tools → %j', (choice, otherTools, expected) => {
    expect(jsonResponseToolChoice(choice, otherTools, 'output')).toEqual(expected);
  });
});
