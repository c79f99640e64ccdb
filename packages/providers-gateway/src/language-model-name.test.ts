import { describe, expect, it } from 'vitest';
import { createGateway } from './index.js';

describe('languageModel(id)', () => {
  it('is the provider\'s text model for an id, the same as calling the provider', () => {
    const provider = createGateway({ apiKey: 'gw-test', baseURL: 'http://127.0.0.1:9/v1' });
    const named = provider.languageModel('openai/gpt-5-mini');
    const called = provider('openai/gpt-5-mini');
    expect(named).toMatchObject({ specificationVersion: 'v1', modelId: 'openai/gpt-5-mini', provider: called.provider });
    expect(named.constructor).toBe(called.constructor);
  });
});
