import { describe, expect, it } from 'vitest';
import { registerProvider, resolveModel, userMessage } from '@tandem/core';
import { collectModelStream, ProviderTestServer } from '@tandem/core/testing';
import { bedrockStream } from './test-utils/bedrock-fixture.js';
import { providerPlugin } from './index.js';

describe('providerPlugin', () => {
  it('names the provider, its key variables and default model', () => {
    expect(providerPlugin).toMatchObject({ name: 'bedrock', env: { apiKey: ['AWS_ACCESS_KEY_ID', 'AWS_PROFILE', 'AWS_BEARER_TOKEN_BEDROCK'] }, defaultBidiModel: 'amazon.nova-sonic-v1:0', defaultModel: 'amazon.nova-pro-v1:0' });
    expect(providerPlugin.description.length).toBeGreaterThan(0);
  });

  it('registers a factory made with the given options, so resolveModel reaches that server', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(bedrockStream('text'));
    const unregister = registerProvider('plugin-test', providerPlugin.create({ region: 'us-east-1', endpoint: server.url, credentials: { accessKeyId: 'AKIDPLUGIN', secretAccessKey: 'plugin-secret' } }));
    try {
      const model = resolveModel('plugin-test:amazon.nova-pro-v1:0');
      expect(model.modelId).toBe('amazon.nova-pro-v1:0');
      const collected = await collectModelStream(model.stream({ messages: [userMessage('Hi')], tools: [] }));
      expect(collected.text.length).toBeGreaterThan(0);
      const request = server.requests[0];
      expect(request).toMatchObject({ method: 'POST', path: '/model/amazon.nova-pro-v1%3A0/converse-stream' });
      expect(request?.headers['authorization']).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDPLUGIN\//);
    } finally {
      unregister();
    }
  });

  it('builds realtime models through bidi()', () => {
    const factory = providerPlugin.create({ region: 'us-east-1', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'AKIDPLUGIN', secretAccessKey: 'plugin-secret' } });
    const model = factory.bidi?.('amazon.nova-sonic-v1:0');
    expect(model).toMatchObject({ specificationVersion: 'v1', modelId: 'amazon.nova-sonic-v1:0' });
  });
});
