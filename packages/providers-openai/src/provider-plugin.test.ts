import { describe, expect, it } from 'vitest';
import { registerProvider, resolveModel, userMessage } from '@tandem/core';
import { collectModelStream, loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { providerPlugin } from './index.js';

describe('providerPlugin', () => {
  it('names the provider, its key variables and default model', () => {
    expect(providerPlugin).toMatchObject({ name: 'openai', env: { apiKey: ['OPENAI_API_KEY'] }, defaultModel: 'gpt-5-mini', defaultBidiModel: 'gpt-realtime' });
    expect(providerPlugin.description.length).toBeGreaterThan(0);
  });

  it('registers a factory made with the given options, so resolveModel reaches that server', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue({ type: 'sse', events: loadSseFixture(new URL('./__fixtures__/responses/', import.meta.url), 'text') });
    const unregister = registerProvider('plugin-test', providerPlugin.create({ apiKey: 'sk-plugin', baseURL: server.baseURL('/v1') }));
    try {
      const model = resolveModel('plugin-test:gpt-5-mini');
      expect(model.modelId).toBe('gpt-5-mini');
      const collected = await collectModelStream(model.stream({ messages: [userMessage('Hi')], tools: [] }));
      expect(collected.text.length).toBeGreaterThan(0);
      const request = server.requests[0];
      expect(request).toMatchObject({ method: 'POST', path: '/v1/responses' });
      expect(request?.headers['authorization']).toBe('Bearer sk-plugin');
    } finally {
      unregister();
    }
  });

  it('builds realtime models through bidi()', () => {
    const factory = providerPlugin.create({ apiKey: 'sk-plugin', baseURL: 'http://127.0.0.1:9/v1' });
    const model = factory.bidi?.('gpt-realtime');
    expect(model).toMatchObject({ specificationVersion: 'v1', modelId: 'gpt-realtime' });
  });
});
