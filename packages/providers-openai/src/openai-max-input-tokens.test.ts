import { describe, expect, it } from 'vitest';
import { createOpenAI } from './openai-provider.js';

describe('maxInputTokens of OpenAI models', () => {
  const openai = createOpenAI({ apiKey: 'sk-test' });
  it('is the documented input limit of known families, on both APIs', () => {
    expect(openai('gpt-4.1-mini').maxInputTokens).toBe(1_047_576);
    expect(openai.chat('gpt-4o').maxInputTokens).toBe(128_000);
    expect(openai('gpt-5').maxInputTokens).toBe(272_000);
    expect(openai('o4-mini').maxInputTokens).toBe(200_000);
  });

  it('is absent for ids it does not know', () => {
    expect(openai('ft:my-model').maxInputTokens).toBeUndefined();
    expect(openai.chat('some-local-model').maxInputTokens).toBeUndefined();
  });
});
