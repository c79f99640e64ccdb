import { loadSseFixture, runProviderContract, type ContractCase } from '@tandem/core/testing';
import { describe, it } from 'vitest';
import { createGateway } from './gateway-provider.js';

const dir = new URL('./__fixtures__/', import.meta.url);
const sse = (name: string): ContractCase['response'] => ({ type: 'sse', events: loadSseFixture(dir, name) });

runProviderContract(
  { describe, it },
  {
    name: 'gateway',
    createModel: ({ baseURL, fetch, apiKey, sleep, maxRetries }) => createGateway({ baseURL, fetch, apiKey, sleep, maxRetries })('openai/gpt-4.1-mini'),
    expectedRequest: { path: '/v1/chat/completions' },
    errorBody: (status, message) => ({ error: { message, type: status === 401 ? 'authentication_error' : 'gateway_error', param: null, code: null } }),
    cases: {
      text: { response: sse('text'), expected: { text: 'Hello! How can I help today?', finishReason: 'stop', usage: { inputTokens: 12, outputTokens: 8 } } },
      toolCall: { response: sse('tool-call'), expected: { toolCalls: [{ toolName: 'weather', input: { city: 'Oslo' } }], finishReason: 'tool-calls' } },
      parallelToolCalls: {
        response: sse('parallel-tool-calls'),
        expected: { toolCalls: [{ toolName: 'weather', input: { city: 'Oslo' } }, { toolName: 'current_time', input: {} }], finishReason: 'tool-calls' },
      },
      toolCallWithoutArguments: { response: sse('tool-call-no-args'), expected: { toolCalls: [{ toolName: 'current_time', input: {} }], finishReason: 'tool-calls' } },
      splitArgumentDeltas: { response: sse('split-deltas'), expected: { toolCalls: [{ toolName: 'weather', input: { city: 'München 😀' } }], finishReason: 'tool-calls' } },
      usage: { response: sse('cached-usage'), expected: { text: 'Cached answer.', finishReason: 'stop', usage: { inputTokens: 2006, outputTokens: 3, cachedInputTokens: 1920 } } },
      finishReasons: {
        stop: { response: sse('text'), expected: { finishReason: 'stop' } },
        length: { response: sse('finish-length'), expected: { text: 'Once upon a time', finishReason: 'length' } },
        'tool-calls': { response: sse('tool-call'), expected: { finishReason: 'tool-calls' } },
        'content-filter': { response: sse('finish-content_filter'), expected: { finishReason: 'content-filter' } },
      },
    },
  },
);
