import { describe, expect, it } from 'vitest';
import { collectModelStream, contractTools } from '@tandem/core/testing';
import { createGoogleGenerativeAI } from './google-provider.js';

// Runs only with a real key: GOOGLE_GENERATIVE_AI_API_KEY=… (or GEMINI_API_KEY=…) pnpm --filter @tandem/providers-google test
const hasKey = Boolean(process.env['GOOGLE_GENERATIVE_AI_API_KEY'] || process.env['GEMINI_API_KEY']);
const model = createGoogleGenerativeAI()(process.env['GOOGLE_LIVE_MODEL'] ?? 'gemini-2.5-flash');

describe.skipIf(!hasKey)('Gemini live', () => {
  it('streams text', { timeout: 60_000 }, async () => {
    const result = await collectModelStream(
      model.stream({ messages: [{ role: 'user', parts: [{ type: 'text', text: 'Reply with the single word: pong' }] }], tools: [] }),
    );
    expect(result.text.toLowerCase()).toContain('pong');
    expect(result.finishReason).toBe('stop');
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('calls a tool', { timeout: 60_000 }, async () => {
    const result = await collectModelStream(
      model.stream({
        messages: [{ role: 'user', parts: [{ type: 'text', text: 'What is the weather in Oslo? Use the tool.' }] }],
        tools: contractTools,
        toolChoice: 'required',
      }),
    );
    expect(result.toolCalls[0]).toMatchObject({ toolName: 'weather', input: { city: expect.stringMatching(/oslo/i) } });
    expect(result.finishReason).toBe('tool-calls');
  });
});
