import { describe, expect, it } from 'vitest';
import { createAnthropic } from './anthropic-provider.js';

describe('maxInputTokens of Claude models', () => {
  it('is 200,000 for Claude models and absent for other ids', () => {
    const anthropic = createAnthropic({ apiKey: 'k' });
    expect(anthropic('claude-sonnet-4-5').maxInputTokens).toBe(200_000);
    expect(anthropic('my-proxy-model').maxInputTokens).toBeUndefined();
  });
});
