import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '@tandem/core/spec';
import { InvalidProviderOptionsError, InvalidRequestError } from '@tandem/provider-utils';
import { buildBedrockConverseInput } from './build-bedrock-converse-input.js';

const weather = { kind: 'function', name: 'weather', description: 'Weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } } as const;
const base: ModelRequest = { messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }], tools: [] };

describe('buildBedrockConverseInput', () => {
  it('builds messages, inference config, tools and additional fields', () => {
    const warnings: string[] = [];
    const input = buildBedrockConverseInput(
      'anthropic.claude-sonnet-4',
      {
        ...base,
        system: 'Be brief.',
        tools: [weather, { kind: 'provider', id: 'anthropic.web_search', name: 'web_search', args: {} }],
        toolChoice: { type: 'tool', toolName: 'weather' },
        maxOutputTokens: 300,
        temperature: 0.5,
        topP: 0.9,
        stopSequences: ['END'],
        providerOptions: {
          bedrock: {
            thinking: { type: 'enabled', budgetTokens: 2048 },
            additionalModelRequestFields: { top_k: 40 },
            guardrailConfig: { guardrailIdentifier: 'gr-1', guardrailVersion: '2' },
          },
        },
      },
      (message) => warnings.push(message),
    );
    expect(input).toEqual({
      modelId: 'anthropic.claude-sonnet-4',
      messages: [{ role: 'user', content: [{ text: 'Hi' }] }],
      system: [{ text: 'Be brief.' }],
      inferenceConfig: { maxTokens: 300, temperature: 0.5, topP: 0.9, stopSequences: ['END'] },
      toolConfig: {
        tools: [{ toolSpec: { name: 'weather', description: 'Weather', inputSchema: { json: weather.inputSchema } } }],
        toolChoice: { tool: { name: 'weather' } },
      },
      additionalModelRequestFields: { top_k: 40, thinking: { type: 'enabled', budget_tokens: 2048 } },
      guardrailConfig: { guardrailIdentifier: 'gr-1', guardrailVersion: '2' },
    });
    expect(warnings).toEqual(["Bedrock Converse does not support the provider tool 'anthropic.web_search'; it was not sent."]);
  });

  it.each([
    ['auto', { auto: {} }],
    ['required', { any: {} }],
  ] as const)('maps toolChoice %s', (toolChoice, expected) => {
    expect(buildBedrockConverseInput('m', { ...base, tools: [weather], toolChoice }).toolConfig?.toolChoice).toEqual(expected);
  });

  it("leaves tools out for toolChoice 'none' unless the history needs them", () => {
    expect(buildBedrockConverseInput('m', { ...base, tools: [weather], toolChoice: 'none' }).toolConfig).toBeUndefined();
    const warnings: string[] = [];
    const withHistory = buildBedrockConverseInput(
      'm',
      {
        ...base,
        messages: [
          ...base.messages,
          { role: 'assistant', parts: [{ type: 'tool-call', toolCallId: 't', toolName: 'weather', toolArgs: '{}' }] },
          { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 't', toolName: 'weather', status: 'success', result: 1, modelInput: { type: 'json', value: 1 } }] },
        ],
        tools: [weather],
        toolChoice: 'none',
      },
      (message) => warnings.push(message),
    );
    expect(withHistory.toolConfig).toEqual({ tools: [expect.objectContaining({ toolSpec: expect.objectContaining({ name: 'weather' }) })] });
    expect(warnings).toHaveLength(1);
  });

  describe('responseFormat', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const responseFormat = { type: 'json', name: 'output', schema } as const;
    const jsonTool = { bedrock: { structuredOutputMode: 'jsonTool' } } as const;

    it('goes as outputConfig.textFormat json_schema with the fitted schema as a JSON string', () => {
      const input = buildBedrockConverseInput('m', { ...base, responseFormat: { ...responseFormat, description: 'Weather.' } });
      expect(input.outputConfig).toEqual({
        textFormat: {
          type: 'json_schema',
          structure: { jsonSchema: { schema: JSON.stringify({ ...schema, additionalProperties: false }), name: 'output', description: 'Weather.' } },
        },
      });
      expect(input).not.toHaveProperty('toolConfig');
    });

    it("goes as a forced answer tool with structuredOutputMode 'jsonTool'", () => {
      const alone = buildBedrockConverseInput('m', { ...base, responseFormat, providerOptions: jsonTool });
      expect(alone).not.toHaveProperty('outputConfig');
      expect(alone.toolConfig).toEqual({
        tools: [{ toolSpec: { name: 'output', description: expect.stringContaining('final answer'), inputSchema: { json: schema } } }],
        toolChoice: { tool: { name: 'output' } },
      });
      const withTools = buildBedrockConverseInput('m', { ...base, tools: [weather], responseFormat, providerOptions: jsonTool });
      expect(withTools.toolConfig?.tools?.map((t) => t.toolSpec?.name)).toEqual(['weather', 'output']);
      expect(withTools.toolConfig?.toolChoice).toEqual({ any: {} });
      const none = buildBedrockConverseInput('m', { ...base, tools: [weather], toolChoice: 'none', responseFormat, providerOptions: jsonTool });
      expect(none.toolConfig?.toolChoice).toEqual({ tool: { name: 'output' } });
    });

    it('refuses jsonTool with extended thinking, or when a tool already has the answer tool name', () => {
      expect(() =>
        buildBedrockConverseInput('m', { ...base, responseFormat, providerOptions: { bedrock: { structuredOutputMode: 'jsonTool', thinking: { type: 'enabled', budgetTokens: 2048 } } } }),
      ).toThrow(InvalidRequestError);
      expect(() => buildBedrockConverseInput('m', { ...base, tools: [{ ...weather, name: 'output' }], responseFormat, providerOptions: jsonTool })).toThrow(
        /already has a tool of that name/,
      );
    });

    it('ignores seed with a warning (Converse has no seed field)', () => {
      const warnings: string[] = [];
      const input = buildBedrockConverseInput('m', { ...base, seed: 4 }, (message) => warnings.push(message));
      expect(JSON.stringify(input)).not.toContain('seed');
      expect(warnings).toEqual([expect.stringContaining('no seed field')]);
    });
  });

  it('rejects invalid provider options', () => {
    expect(() => buildBedrockConverseInput('m', { ...base, providerOptions: { bedrock: { thinking: { type: 'enabled', budgetTokens: 5 } } } })).toThrow(
      InvalidProviderOptionsError,
    );
  });
});
