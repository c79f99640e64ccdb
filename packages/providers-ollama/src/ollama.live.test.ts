import { collectModelStream, contractTools } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { createOllama } from './ollama-provider.js';

// Runs only against a real local server: set OLLAMA_LIVE_MODEL (e.g. llama3.2) and, if not on
// localhost:11434, OLLAMA_BASE_URL.
const modelId = process.env.OLLAMA_LIVE_MODEL;

describe.skipIf(!modelId)('Ollama live', () => {
  const model = createOllama()(modelId ?? '');
  const user = (text: string) => [{ role: 'user' as const, parts: [{ type: 'text' as const, text }] }];

  it('streams text', async () => {
    const result = await collectModelStream(model.stream({ messages: user('Reply with the single word: pong'), tools: [], maxOutputTokens: 50 }));
    expect(result.text.toLowerCase()).toContain('pong');
  }, 120_000);

  it('calls a tool', async () => {
    const result = await collectModelStream(model.stream({ messages: user('What is the weather in Oslo? Use the weather tool.'), tools: contractTools }));
    expect(result.toolCalls[0]?.toolName).toBe('weather');
  }, 120_000);
});
