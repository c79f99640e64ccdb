import { collectModelStream, contractTools } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { createOpenAI } from './openai-provider.js';

// Runs only with a real key: OPENAI_API_KEY (model: OPENAI_LIVE_MODEL, default gpt-4.1-mini).
const apiKey = process.env.OPENAI_API_KEY;
const modelId = process.env.OPENAI_LIVE_MODEL ?? 'gpt-4.1-mini';

describe.skipIf(!apiKey)('OpenAI live', () => {
  const openai = createOpenAI({ apiKey });
  const user = (text: string) => [{ role: 'user' as const, parts: [{ type: 'text' as const, text }] }];

  it.each(['responses', 'chat'] as const)('streams text on %s', async (api) => {
    const result = await collectModelStream(openai[api](modelId).stream({ messages: user('Reply with the single word: pong'), tools: [], maxOutputTokens: 20 }));
    expect(result.text.toLowerCase()).toContain('pong');
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  }, 60_000);

  it.each(['responses', 'chat'] as const)('calls a tool on %s', async (api) => {
    const result = await collectModelStream(
      openai[api](modelId).stream({ messages: user('What is the weather in Oslo? Use the tool.'), tools: contractTools, toolChoice: 'required' }),
    );
    expect(result.finishReason).toBe('tool-calls');
    expect(result.toolCalls[0]?.toolName).toBe('weather');
  }, 60_000);

  it('answers a text turn on the Realtime API', async () => {
    const connection = await openai.realtime(process.env.OPENAI_LIVE_REALTIME_MODEL ?? 'gpt-realtime').connect({ tools: [], messages: [] });
    try {
      await connection.send({ type: 'text', text: 'Say the single word: pong' });
      let transcript = '';
      for await (const event of connection.events()) {
        if (event.type === 'transcript' && event.role === 'assistant') transcript += event.delta;
        if (event.type === 'response-end') break;
      }
      expect(transcript.toLowerCase()).toContain('pong');
    } finally {
      await connection.close();
    }
  }, 60_000);
});
