import { collectModelStream, contractTools } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { createGateway } from './gateway-provider.js';

// Runs only with a real key: TANDEM_GATEWAY_API_KEY or AI_GATEWAY_API_KEY (model: GATEWAY_LIVE_MODEL,
// default openai/gpt-4.1-mini; base URL: TANDEM_GATEWAY_BASE_URL or the default).
const apiKey = process.env.TANDEM_GATEWAY_API_KEY || process.env.AI_GATEWAY_API_KEY;
const modelId = process.env.GATEWAY_LIVE_MODEL ?? 'openai/gpt-4.1-mini';

describe.skipIf(!apiKey)('Gateway live', () => {
  const model = createGateway({ apiKey })(modelId);
  const user = (text: string) => [{ role: 'user' as const, parts: [{ type: 'text' as const, text }] }];

  it('streams text', async () => {
    const result = await collectModelStream(model.stream({ messages: user('Reply with the single word: pong'), tools: [], maxOutputTokens: 20 }));
    expect(result.text.toLowerCase()).toContain('pong');
  }, 60_000);

  it('calls a tool', async () => {
    const result = await collectModelStream(model.stream({ messages: user('What is the weather in Oslo? Use the tool.'), tools: contractTools, toolChoice: 'required' }));
    expect(result.toolCalls[0]?.toolName).toBe('weather');
  }, 60_000);
});
