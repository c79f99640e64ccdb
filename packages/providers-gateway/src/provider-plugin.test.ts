import { describe, expect, it } from 'vitest';
import { registerProvider, resolveModel, userMessage } from '@tandem/core';
import { collectModelStream, loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { providerPlugin } from './index.js';

describe('providerPlugin', () => {
  it('names the provider, its key variables and default model', () => {
    expect(providerPlugin).toMatchObject({ name: 'gateway', env: { apiKey: ['TANDEM_GATEWAY_API_KEY', 'AI_GATEWAY_API_KEY'] }, defaultModel: 'openai/gpt-5-mini' });
    expect(providerPlugin.description.length).toBeGreaterThan(0);
  });

  it('registers a factory made with the given options, so resolveModel reaches that server', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue({ type: 'sse', events: loadSseFixture(new URL('./__fixtures__/', import.meta.url), 'text') });
    const unregister = registerProvider('plugin-test', providerPlugin.create({ apiKey: 'sk-plugin', baseURL: server.baseURL('/v1') }));
    try {
      const model = resolveModel('plugin-test:openai/gpt-5-mini');
      expect(model.modelId).toBe('openai/gpt-5-mini');
      const collected = await collectModelStream(model.stream({ messages: [userMessage('Hi')], tools: [] }));
      expect(collected.text.length).toBeGreaterThan(0);
      const request = server.requests[0];
      expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
      expect(request?.headers['authorization']).toBe('Bearer sk-plugin');
    } finally {
      unregister();
    }
  });
});
