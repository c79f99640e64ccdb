import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '@tandem/core/spec';
import { anthropicTools } from './anthropic-tools.js';
import { buildAnthropicRequestBody } from './build-anthropic-request-body.js';
import { InvalidProviderOptionsError, InvalidRequestError } from '@tandem/provider-utils';

const base: ModelRequest = { messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }], tools: [] };

describe('buildAnthropicRequestBody', () => {
  it('builds a streaming body with the required max_tokens', () => {
    expect(buildAnthropicRequestBody('claude-sonnet-4-5', base)).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      stream: true,
    });
  });

  it('sends function tools, the web search tool and tool choice', () => {
    const warnings: string[] = [];
    const body = buildAnthropicRequestBody(
      'claude-sonnet-4-5',
      {
        ...base,
        tools: [
          { kind: 'function', name: 'weather', description: 'Weather', inputSchema: { type: 'object', properties: {} } },
          anthropicTools.webSearch({ maxUses: 3, allowedDomains: ['example.com'] }),
          { kind: 'provider', id: 'openai.web_search', name: 'web_search', args: {} },
        ],
        toolChoice: 'required',
        temperature: 0.2,
        topP: 0.9,
        stopSequences: ['END'],
        maxOutputTokens: 100,
        providerOptions: { anthropic: { disableParallelToolUse: true, topK: 5, userId: 'u1' } },
      },
      (message) => warnings.push(message),
    );
    expect(body).toMatchObject({
      max_tokens: 100,
      tools: [
        { name: 'weather', description: 'Weather', input_schema: { type: 'object', properties: {} } },
        { type: 'web_search_20250305', name: 'web_search', max_uses: 3, allowed_domains: ['example.com'] },
      ],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
      temperature: 0.2,
      top_p: 0.9,
      top_k: 5,
      stop_sequences: ['END'],
      metadata: { user_id: 'u1' },
    });
    expect(body.tools).toHaveLength(2);
    expect(warnings).toEqual(["Anthropic does not support the provider tool 'openai.web_search'; it was not sent."]);
  });

  it.each([
    ['auto', { type: 'auto' }],
    ['none', { type: 'none' }],
    [{ type: 'tool', toolName: 'weather' } as const, { type: 'tool', name: 'weather' }],
  ] as const)('maps toolChoice %j', (toolChoice, expected) => {
    const body = buildAnthropicRequestBody('m', {
      ...base,
      tools: [{ kind: 'function', name: 'weather', description: 'd', inputSchema: { type: 'object' } }],
      toolChoice,
    });
    expect(body.tool_choice).toEqual(expected);
  });

  it('enables extended thinking and raises the default max_tokens above the budget', () => {
    const body = buildAnthropicRequestBody('m', {
      ...base,
      providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 2048 } } },
    });
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    expect(body.max_tokens).toBe(2048 + 4096);
  });

  describe('responseFormat', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const weather = { kind: 'function', name: 'weather', description: 'Weather', inputSchema: { type: 'object' } } as const;
    const responseFormat = { type: 'json', name: 'output', schema } as const;

    it('goes as output_config.format json_schema by default, fitted to what the API accepts', () => {
      const body = buildAnthropicRequestBody('claude-sonnet-4-5', { ...base, responseFormat: { ...responseFormat, description: 'Weather.' } });
      expect(body.output_config).toEqual({ format: { type: 'json_schema', schema: { ...schema, additionalProperties: false } } });
      expect(body).not.toHaveProperty('tools');
    });

    it("goes as a forced answer tool with structuredOutputMode 'jsonTool'", () => {
      const body = buildAnthropicRequestBody('claude-3-5-haiku-latest', {
        ...base,
        responseFormat: { ...responseFormat, description: 'The weather report.' },
        providerOptions: { anthropic: { structuredOutputMode: 'jsonTool' } },
      });
      expect(body).not.toHaveProperty('output_config');
      expect(body.tools).toEqual([{ name: 'output', description: 'The weather report.', input_schema: schema }]);
      expect(body.tool_choice).toEqual({ type: 'tool', name: 'output' });
    });

    it.each([
      [undefined, { type: 'any', disable_parallel_tool_use: false }],
      ['none', { type: 'tool', name: 'output', disable_parallel_tool_use: false }],
      [{ type: 'tool', toolName: 'weather' } as const, { type: 'tool', name: 'weather', disable_parallel_tool_use: false }],
    ] as const)('next to other tools, jsonTool maps toolChoice %j to %j', (toolChoice, expected) => {
      const body = buildAnthropicRequestBody('m', {
        ...base,
        tools: [weather],
        toolChoice,
        responseFormat,
        providerOptions: { anthropic: { structuredOutputMode: 'jsonTool', disableParallelToolUse: false } },
      });
      expect(body.tools?.map((t) => t.name)).toEqual(['weather', 'output']);
      expect(body.tool_choice).toEqual(expected);
    });

    it('refuses jsonTool with extended thinking, or when a tool already has the answer tool name', () => {
      const jsonTool = { structuredOutputMode: 'jsonTool' } as const;
      expect(() =>
        buildAnthropicRequestBody('m', { ...base, responseFormat, providerOptions: { anthropic: { ...jsonTool, thinking: { type: 'enabled', budgetTokens: 2048 } } } }),
      ).toThrow(/extended thinking/);
      const clash = (() => {
        try {
          buildAnthropicRequestBody('m', { ...base, tools: [{ ...weather, name: 'output' }], responseFormat, providerOptions: { anthropic: jsonTool } });
        } catch (error) {
          return error;
        }
      })();
      expect(InvalidRequestError.isInstance(clash)).toBe(true);
      expect((clash as Error).message).toContain("a tool named 'output'");
    });

    it('ignores seed with a warning (the Messages API has none)', () => {
      const warnings: string[] = [];
      const body = buildAnthropicRequestBody('m', { ...base, seed: 1 }, (message) => warnings.push(message));
      expect(body).not.toHaveProperty('seed');
      expect(warnings).toEqual(['Anthropic does not support seed; it was ignored.']);
    });
  });

  it('rejects invalid provider options with a readable error', () => {
    expect(() =>
      buildAnthropicRequestBody('m', { ...base, providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 10 } } } }),
    ).toThrow(InvalidProviderOptionsError);
  });
});
