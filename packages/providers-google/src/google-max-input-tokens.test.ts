import { describe, expect, it } from 'vitest';
import { createGoogleGenerativeAI } from './google-provider.js';

describe('maxInputTokens of Gemini models', () => {
  it('is 1,048,576 for Gemini 2.0 and 2.5 models and absent for other ids', () => {
    const google = createGoogleGenerativeAI({ apiKey: 'k' });
    expect(google('gemini-2.5-flash').maxInputTokens).toBe(1_048_576);
    expect(google('models/gemini-2.0-flash').maxInputTokens).toBe(1_048_576);
    expect(google('gemma-3-27b-it').maxInputTokens).toBeUndefined();
  });
});
