import { describe, expect, it } from 'vitest';
import { createOllama } from './index.js';

describe('languageModel(id)', () => {
  it('is the provider\'s text model for an id, the same as calling the provider', () => {
    const provider = createOllama({ baseURL: 'http://127.0.0.1:9/v1' });
    const named = provider.languageModel('llama3.2');
    const called = provider('llama3.2');
    expect(named).toMatchObject({ specificationVersion: 'v1', modelId: 'llama3.2', provider: called.provider });
    expect(named.constructor).toBe(called.constructor);
  });
});
