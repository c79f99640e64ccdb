import { describe, expect, it } from 'vitest';
import { createBedrock } from './index.js';

describe('languageModel(id)', () => {
  it('is the provider\'s text model for an id, the same as calling the provider', () => {
    const provider = createBedrock({ region: 'us-east-1', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' } });
    const named = provider.languageModel('amazon.nova-lite-v1:0');
    const called = provider('amazon.nova-lite-v1:0');
    expect(named).toMatchObject({ specificationVersion: 'v1', modelId: 'amazon.nova-lite-v1:0', provider: called.provider });
    expect(named.constructor).toBe(called.constructor);
  });
});
