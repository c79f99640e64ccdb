import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '@tandem/core/spec';
import { InvalidProviderOptionsError } from '@tandem/provider-utils';
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

  it('rejects invalid provider options', () => {
    expect(() => buildBedrockConverseInput('m', { ...base, providerOptions: { bedrock: { thinking: { type: 'enabled', budgetTokens: 5 } } } })).toThrow(
      InvalidProviderOptionsError,
    );
  });
});
