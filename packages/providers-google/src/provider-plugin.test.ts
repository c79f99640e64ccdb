import { describe, expect, it } from 'vitest';
import { registerProvider, resolveModel, userMessage } from '@tandem/core';
import { collectModelStream, loadSseFixture, ProviderTestServer } from '@tandem/core/testing';
import { providerPlugin } from './index.js';

describe('providerPlugin', () => {
  it('names the provider, its key variables and default model', () => {
    expect(providerPlugin).toMatchObject({ name: 'google', env: { apiKey: ['GOOGLE_GENERATIVE_AI_API_KEY', 'GEMINI_API_KEY'] }, defaultBidiModel: 'gemini-2.5-flash-native-audio-preview-12-2025', defaultModel: 'gemini-2.5-flash' });
    expect(providerPlugin.description.length).toBeGreaterThan(0);
  });

  it('registers a factory made with the given options, so resolveModel reaches that server', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue({ type: 'sse', events: loadSseFixture(new URL('./__fixtures__/', import.meta.url), 'text') });
    const unregister = registerProvider('plugin-test', providerPlugin.create({ apiKey: 'sk-plugin', baseURL: server.baseURL('/v1beta') }));
    try {
      const model = resolveModel('plugin-test:gemini-2.5-flash');
      expect(model.modelId).toBe('gemini-2.5-flash');
      const collected = await collectModelStream(model.stream({ messages: [userMessage('Hi')], tools: [] }));
      expect(collected.text.length).toBeGreaterThan(0);
      const request = server.requests[0];
      expect(request).toMatchObject({ method: 'POST', path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse' });
      expect(request?.headers['x-goog-api-key']).toBe('sk-plugin');
    } finally {
      unregister();
    }
  });

  it('builds realtime models through bidi()', () => {
    const factory = providerPlugin.create({ apiKey: 'sk-plugin', baseURL: 'http://127.0.0.1:9/v1beta' });
    const model = factory.bidi?.('gemini-2.5-flash-native-audio-preview-12-2025');
    expect(model).toMatchObject({ specificationVersion: 'v1', modelId: 'gemini-2.5-flash-native-audio-preview-12-2025' });
  });
});
