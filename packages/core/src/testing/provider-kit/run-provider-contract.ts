import { registerFailureCases } from './contract-failure-cases.js';
import { registerStreamCases } from './contract-stream-cases.js';
import type { ContractTestApi, ProviderContractOptions } from './provider-contract-options.js';

/**
 * Registers the shared provider contract suite with your test runner. Every provider runs it against
 * its recorded vendor responses on a loopback {@link ProviderTestServer}:
 *
 * plain text · one tool call · parallel tool calls · a tool call without arguments · argument deltas
 * split mid-JSON-token and response bytes split anywhere (mid-UTF-8) · usage with cached tokens ·
 * reasoning (when given) · each finish reason · HTTP 400/401 (not retried) · HTTP 429/500 (retried with
 * exponential backoff honouring `retry-after`/`retry-after-ms`, then `APICallError` with `isRetryable`)
 * · a stream cut before its final event (`IncompleteResponseError`, socket destroyed or response ended)
 * · abort mid-stream (the server sees the socket close) · no request for an already-aborted signal ·
 * the API key never appears in an error.
 *
 * The provider must accept the `fetch`, `sleep` (retry delay) and `maxRetries` it is given.
 *
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { loadSseFixture, runProviderContract } from '@tandem/core/testing';
 *
 * const dir = new URL('./__fixtures__/', import.meta.url);
 * runProviderContract({ describe, it }, {
 *   name: 'acme',
 *   createModel: ({ baseURL, fetch, apiKey, sleep, maxRetries }) =>
 *     createAcme({ baseURL, fetch, apiKey, sleep, maxRetries })('acme-1'),
 *   expectedRequest: { path: '/v1/chat' },
 *   errorBody: (status, message) => ({ error: { message, code: status } }),
 *   cases: {
 *     text: { response: { type: 'sse', events: loadSseFixture(dir, 'text') }, expected: { text: 'Hi!', finishReason: 'stop' } },
 *     // … toolCall, parallelToolCalls, toolCallWithoutArguments, splitArgumentDeltas, usage, finishReasons
 *   },
 * });
 * ```
 *
 * @category Provider contract kit
 */
export function runProviderContract(api: ContractTestApi, options: ProviderContractOptions): void {
  api.describe(`${options.name} provider contract`, () => {
    registerStreamCases(api, options);
    registerFailureCases(api, options);
  });
}
