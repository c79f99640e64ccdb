// fallbackModel() through two real providers on loopback servers: OpenAI (Responses API) is overloaded,
// Anthropic (Messages API) answers. Nothing reaches a vendor.
import { describe, expect, it } from 'vitest';
import { Agent, fallbackModel, registerProvider, type AgentEvent } from '@tandem/core';
import { loadSseFixture, ProviderTestServer, recordingSleep } from '@tandem/core/testing';
import { createOpenAI } from '@tandem/providers-openai';
import { createAnthropic } from './anthropic-provider.js';

const dir = new URL('./__fixtures__/', import.meta.url);
const overloaded = {
  type: 'json' as const,
  status: 503,
  headers: { 'retry-after': '7' },
  body: { error: { message: 'The server is overloaded.', type: 'server_error' } },
};

describe('fallbackModel across providers', () => {
  it('moves from OpenAI answering 503 + retry-after (after its own retries) to Anthropic; stream-start names the answering model', async () => {
    await using openaiServer = await ProviderTestServer.start();
    await using anthropicServer = await ProviderTestServer.start();
    openaiServer.setFallback(overloaded);
    anthropicServer.enqueue({ type: 'sse', events: loadSseFixture(dir, 'text') });
    const retries = recordingSleep();
    const openai = createOpenAI({ apiKey: 'sk-test', baseURL: openaiServer.baseURL('/v1'), maxRetries: 1, sleep: retries.sleep });
    const anthropic = createAnthropic({ apiKey: 'sk-ant-test', baseURL: anthropicServer.baseURL('/v1') });
    const offOpenAI = registerProvider('openai', (id) => openai(id));
    const offAnthropic = registerProvider('anthropic', (id) => anthropic(id));
    try {
      const model = fallbackModel(['openai:gpt-5', 'anthropic:claude-sonnet-4-5']);
      const run = new Agent({ system: 'Be brief.' }).run(model, 'Say hello.');
      const events: AgentEvent[] = [];
      for await (const event of run) events.push(event);
      const result = await run.result;

      expect(result).toMatchObject({ stopReason: 'endTurn', text: 'Hello, world!' });
      // The OpenAI provider honoured retry-after once (maxRetries: 1), then the call moved on.
      expect(openaiServer.requests.map((request) => request.path)).toEqual(['/v1/responses', '/v1/responses']);
      expect(retries.delays).toEqual([7000]);
      expect(anthropicServer.requests).toHaveLength(1);
      expect(anthropicServer.requests[0]?.path).toBe('/v1/messages');
      expect((anthropicServer.requests[0]?.body as { messages: unknown }).messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Say hello.' }] }]);
      const starts = events.filter((event) => event.type === 'stream-start');
      expect(starts).toEqual([expect.objectContaining({ provider: anthropic('claude-sonnet-4-5').provider, modelId: 'claude-sonnet-4-5' })]);
    } finally {
      offOpenAI();
      offAnthropic();
    }
  });
});
