import { describe, it } from 'vitest';
import { loadSseFixture, runProviderContract, type ContractCase } from '@tandem/core/testing';
import { createGoogleGenerativeAI } from './google-provider.js';

const dir = new URL('./__fixtures__/', import.meta.url);
const sse = (name: string): ContractCase['response'] => ({ type: 'sse', events: loadSseFixture(dir, name) });

const STATUS: { readonly [code: number]: string } = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL' };

runProviderContract(
  { describe, it },
  {
    name: 'google.generative-ai',
    basePath: '/v1beta',
    createModel: ({ baseURL, fetch, apiKey, sleep, maxRetries }) =>
      createGoogleGenerativeAI({ baseURL, fetch, apiKey, sleep, maxRetries })('gemini-2.5-flash'),
    expectedRequest: { path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse' },
    errorBody: (status, message) => ({ error: { code: status, message, status: STATUS[status] ?? 'UNKNOWN' } }),
    cases: {
      text: { response: sse('text'), expected: { text: 'Hello, world!', finishReason: 'stop', usage: { inputTokens: 8, outputTokens: 4 } } },
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
      // Gemini sends each function call whole: the two deltas are the two calls; the transport splits the bytes.
      splitArgumentDeltas: {
        response: sse('utf8'),
        expected: {
          text: 'Grüße aus 東京 🌸',
          toolCalls: [
            { toolName: 'weather', input: { city: 'Zürich 東京 🌸' } },
            { toolName: 'weather', input: { city: 'São Paulo' } },
          ],
          finishReason: 'tool-calls',
        },
      },
      usage: {
        response: sse('cached-usage'),
        expected: { text: 'Cached answer.', finishReason: 'stop', usage: { inputTokens: 2100, outputTokens: 4, cachedInputTokens: 2048 } },
      },
      reasoning: {
        response: sse('reasoning'),
        expected: {
          reasoning: '**Finding the GCD**\nUse the Euclidean algorithm on 1071 and 462.',
          text: 'The GCD is 21.',
          finishReason: 'stop',
          usage: { reasoningTokens: 120, outputTokens: 127 },
        },
      },
      finishReasons: {
        stop: { response: sse('text'), expected: { finishReason: 'stop' } },
        length: { response: sse('finish-MAX_TOKENS'), expected: { text: 'Partial', finishReason: 'length' } },
        'tool-calls': { response: sse('tool-call'), expected: { finishReason: 'tool-calls' } },
        'content-filter': { response: sse('finish-SAFETY'), expected: { finishReason: 'content-filter' } },
        error: { response: sse('finish-MALFORMED_FUNCTION_CALL'), expected: { finishReason: 'error' } },
        other: { response: sse('finish-OTHER'), expected: { finishReason: 'other' } },
      },
    },
  },
);
