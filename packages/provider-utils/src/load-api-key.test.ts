import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadApiKey } from './load-api-key.js';
import { LoadAPIKeyError } from './load-api-key-error.js';

const base = { environmentVariableNames: ['ACME_API_KEY', 'ACME_KEY'], description: 'Acme', factoryName: 'createAcme' };

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('loadApiKey', () => {
  it('prefers the option, then the environment variables in order', () => {
    vi.stubEnv('ACME_API_KEY', '');
    vi.stubEnv('ACME_KEY', 'from-env-2');
    expect(loadApiKey({ ...base, apiKey: 'from-option' })).toBe('from-option');
    expect(loadApiKey({ ...base, apiKey: undefined })).toBe('from-env-2');
    vi.stubEnv('ACME_API_KEY', 'from-env-1');
    expect(loadApiKey({ ...base, apiKey: undefined })).toBe('from-env-1');
  });

  it('throws LoadAPIKeyError naming the option and the variables', () => {
    vi.stubEnv('ACME_API_KEY', '');
    vi.stubEnv('ACME_KEY', '');
    let caught: unknown;
    try {
      loadApiKey({ ...base, apiKey: undefined });
    } catch (error) {
      caught = error;
    }
    expect(LoadAPIKeyError.isInstance(caught)).toBe(true);
    expect((caught as LoadAPIKeyError).code).toBe('LOAD_API_KEY');
    expect((caught as Error).message).toBe(
      'Acme API key is missing. Pass it as the apiKey option of createAcme() or set the ACME_API_KEY or ACME_KEY environment variable.',
    );
  });
});
