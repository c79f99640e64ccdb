import { describe, expect, it } from 'vitest';
import { registerProvider, resolveModel, userMessage } from '@tandem/core';
import { collectModelStream, loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { providerPlugin } from './index.js';

describe('providerPlugin', () => {
  it('names the provider, its key variables and default model', () => {
    expect(providerPlugin).toMatchObject({ name: 'ollama', env: { apiKey: [] }, defaultModel: 'llama3.2' });
    expect(providerPlugin.description.length).toBeGreaterThan(0);
  });

  it('registers a factory made with the given options, so resolveModel reaches that server', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue({ type: 'sse', events: loadSseFixture(new URL('./__fixtures__/', import.meta.url), 'text') });
    const unregister = registerProvider('plugin-test', providerPlugin.create({ baseURL: server.baseURL('/v1') }));
    try {
      const model = resolveModel('plugin-test:llama3.2');
      expect(model.modelId).toBe('llama3.2');
      const collected = await collectModelStream(model.stream({ messages: [userMessage('Hi')], tools: [] }));
      expect(collected.text.length).toBeGreaterThan(0);
      const request = server.requests[0];
      expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
      expect(request?.headers['authorization']).toBeUndefined();
    } finally {
      unregister();
    }
  });
});
