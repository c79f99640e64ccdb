import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '@tandem/core/spec';
import { buildGoogleRequestBody } from './build-google-request-body.js';
import { googleTools } from './google-tools.js';
import { InvalidProviderOptionsError } from '@tandem/provider-utils';

const base: ModelRequest = { messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }], tools: [] };
const weather = {
  kind: 'function',
  name: 'weather',
  description: 'Weather for a city',
  inputSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { city: { type: 'string' }, unit: { anyOf: [{ const: 'c' }, { const: 'f' }] } },
    required: ['city'],
    additionalProperties: false,
  },
} as const;

describe('buildGoogleRequestBody', () => {
  it('builds a minimal body', () => {
    expect(buildGoogleRequestBody(base)).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] });
  });

  it('sends function declarations as parametersJsonSchema, unchanged but for $schema', () => {
    const body = buildGoogleRequestBody({ ...base, tools: [weather], toolChoice: { type: 'tool', toolName: 'weather' } });
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'weather',
            description: 'Weather for a city',
            parametersJsonSchema: {
              type: 'object',
              properties: { city: { type: 'string' }, unit: { anyOf: [{ const: 'c' }, { const: 'f' }] } },
              required: ['city'],
              additionalProperties: false,
            },
          },
        ],
      },
    ]);
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['weather'] } });
  });

  it.each([
    ['auto', 'AUTO'],
    ['none', 'NONE'],
    ['required', 'ANY'],
  ] as const)('maps toolChoice %s to mode %s', (toolChoice, mode) => {
    expect(buildGoogleRequestBody({ ...base, tools: [weather], toolChoice }).toolConfig).toEqual({ functionCallingConfig: { mode } });
  });

  it('maps generation settings, thinking and provider tools, and warns about foreign tools', () => {
    const warnings: string[] = [];
    const body = buildGoogleRequestBody(
      {
        ...base,
        system: 'Be brief.',
        tools: [googleTools.googleSearch(), googleTools.codeExecution(), { kind: 'provider', id: 'anthropic.web_search', name: 'web_search', args: {} }],
        maxOutputTokens: 500,
        temperature: 0.3,
        topP: 0.8,
        stopSequences: ['END'],
        providerOptions: { google: { thinkingConfig: { thinkingBudget: 1024, includeThoughts: true }, topK: 40, seed: 7 } },
      },
      (message) => warnings.push(message),
    );
    expect(body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      tools: [{ googleSearch: {} }, { codeExecution: {} }],
      generationConfig: {
        maxOutputTokens: 500,
        temperature: 0.3,
        topP: 0.8,
        topK: 40,
        stopSequences: ['END'],
        seed: 7,
        thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
      },
    });
    expect(warnings).toEqual(["Google does not support the provider tool 'anthropic.web_search'; it was not sent."]);
  });

  it('rejects invalid provider options', () => {
    expect(() => buildGoogleRequestBody({ ...base, providerOptions: { google: { topK: -1 } } })).toThrow(InvalidProviderOptionsError);
  });
});
