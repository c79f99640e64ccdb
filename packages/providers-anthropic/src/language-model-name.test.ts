import { describe, expect, it } from 'vitest';
import { createAnthropic } from './index.js';

describe('languageModel(id)', () => {
  it('is the provider\'s text model for an id, the same as calling the provider', () => {
    const provider = createAnthropic({ apiKey: 'sk-test', baseURL: 'http://127.0.0.1:9/v1' });
    const named = provider.languageModel('claude-sonnet-4-5');
    const called = provider('claude-sonnet-4-5');
    expect(named).toMatchObject({ specificationVersion: 'v1', modelId: 'claude-sonnet-4-5', provider: called.provider });
    expect(named.constructor).toBe(called.constructor);
  });
});
