import { describe, it } from 'vitest';
import { loadSseFixture, runProviderContract, type ContractCase } from '@tandem/core/testing';
import { createAnthropic } from './anthropic-provider.js';

const dir = new URL('./__fixtures__/', import.meta.url);
const sse = (name: string): ContractCase['response'] => ({ type: 'sse', events: loadSseFixture(dir, name) });

runProviderContract(
  { describe, it },
  {
    name: 'anthropic.messages',
    createModel: ({ baseURL, fetch, apiKey, sleep, maxRetries }) =>
      createAnthropic({ baseURL, fetch, apiKey, sleep, maxRetries })('claude-sonnet-4-5'),
    expectedRequest: { path: '/v1/messages' },
    errorBody: (status, message) => ({
      type: 'error',
      error: { type: status === 429 ? 'rate_limit_error' : status >= 500 ? 'api_error' : 'invalid_request_error', message },
    }),
    cases: {
      text: { response: sse('text'), expected: { text: 'Hello, world!', finishReason: 'stop', usage: { inputTokens: 25, outputTokens: 6 } } },
      toolCall: {
        response: sse('tool-call'),
        expected: { text: 'Let me check the weather.', toolCalls: [{ toolName: 'weather', input: { city: 'San Francisco' } }], finishReason: 'tool-calls' },
      },
      parallelToolCalls: {
        response: sse('parallel-tool-calls'),
        expected: {
          toolCalls: [
            { toolName: 'weather', input: { city: 'Paris' } },
            { toolName: 'current_time', input: {} },
          ],
          finishReason: 'tool-calls',
        },
      },
      toolCallWithoutArguments: {
        response: sse('tool-call-no-args'),
        expected: { toolCalls: [{ toolName: 'current_time', input: {} }], finishReason: 'tool-calls' },
      },
      splitArgumentDeltas: {
        response: sse('utf8'),
        expected: { text: 'Grüße aus 東京 🌸', toolCalls: [{ toolName: 'weather', input: { city: 'Zürich 東京 🌸' } }], finishReason: 'tool-calls' },
      },
      usage: {
        response: sse('cached-usage'),
        expected: { text: 'Cached answer.', finishReason: 'stop', usage: { inputTokens: 1821, outputTokens: 5, cachedInputTokens: 1800 } },
      },
      reasoning: {
        response: sse('reasoning'),
        expected: {
          reasoning: 'I need to find the GCD of 1071 and 462. 1071 = 2 × 462 + 147; 462 = 3 × 147 + 21; 147 = 7 × 21.',
          text: 'The GCD is 21.',
          finishReason: 'stop',
        },
      },
      finishReasons: {
        stop: { response: sse('finish-stop_sequence'), expected: { text: 'Count: 1, 2', finishReason: 'stop' } },
        length: { response: sse('finish-max_tokens'), expected: { finishReason: 'length' } },
        'tool-calls': { response: sse('tool-call'), expected: { finishReason: 'tool-calls' } },
        'content-filter': { response: sse('finish-refusal'), expected: { finishReason: 'content-filter' } },
        other: { response: sse('finish-pause_turn'), expected: { finishReason: 'other' } },
      },
    },
  },
);
