import { describe, expect, it } from 'vitest';
import { collectModelStream, contractTools } from '@tandem/core/testing';
import { createAnthropic } from './anthropic-provider.js';

// Runs only with a real key: ANTHROPIC_API_KEY=… pnpm --filter @tandem/providers-anthropic test
const model = createAnthropic()(process.env['ANTHROPIC_LIVE_MODEL'] ?? 'claude-haiku-4-5');

describe.skipIf(!process.env['ANTHROPIC_API_KEY'])('Anthropic live', () => {
  it('streams text', { timeout: 60_000 }, async () => {
    const result = await collectModelStream(
      model.stream({ messages: [{ role: 'user', parts: [{ type: 'text', text: 'Reply with the single word: pong' }] }], tools: [], maxOutputTokens: 20 }),
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
        maxOutputTokens: 200,
      }),
    );
    expect(result.toolCalls[0]).toMatchObject({ toolName: 'weather', input: { city: expect.stringMatching(/oslo/i) } });
    expect(result.finishReason).toBe('tool-calls');
  });
});
