import { describe, expect, it } from 'vitest';
import { createGoogleGenerativeAI } from './index.js';

describe('languageModel(id)', () => {
  it('is the provider\'s text model for an id, the same as calling the provider', () => {
    const provider = createGoogleGenerativeAI({ apiKey: 'sk-test', baseURL: 'http://127.0.0.1:9/v1beta' });
    const named = provider.languageModel('gemini-2.5-flash');
    const called = provider('gemini-2.5-flash');
    expect(named).toMatchObject({ specificationVersion: 'v1', modelId: 'gemini-2.5-flash', provider: called.provider });
    expect(named.constructor).toBe(called.constructor);
  });
});
