import assert from 'node:assert/strict';
import { APICallError } from '../../spec/errors/api-call-error.js';
import { IncompleteResponseError } from '../../spec/errors/incomplete-response-error.js';
import { collectModelStream } from './collect-model-stream.js';
import { assertNoSecret, caseRequest, captureError, withHarness, withLogCapture } from './contract-helpers.js';
import type { ContractTestApi, ProviderContractOptions } from './provider-contract-options.js';
import type { SseEvent } from './sse-fixture.js';
import type { RawResponse, SseResponse, StreamEnding } from './test-server-response.js';

function truncated(options: ProviderContractOptions, ending: StreamEnding, keep: (events: readonly SseEvent[]) => readonly SseEvent[]): SseResponse | RawResponse {
  const response = options.cases.text.response;
  assert.ok(typeof response !== 'function' && response.type !== 'json', 'the text case must be a streamed (sse or raw) response');
  if (response.type === 'sse') return { ...response, events: keep(response.events), ending };
  const chunks = response.chunks;
  return { ...response, chunks: chunks.slice(0, ending === 'stall' ? Math.ceil(chunks.length / 2) : -1), ending };
}

/** Registers the HTTP-error, retry, truncation and abort cases of the contract. */
export function registerFailureCases(api: ContractTestApi, options: ProviderContractOptions): void {
  const { it } = api;
  const initialDelay = options.initialRetryDelayMs ?? 2000;
  const textRequest = caseRequest(options.cases.text);

  it('fails at once on HTTP 400 with a non-retryable APICallError', async () => {
    await withHarness(options, async ({ server, model, apiKey, sleep }) => {
      server.setFallback({ type: 'json', status: 400, body: options.errorBody(400, 'Invalid value for "model".') });
      const error = await captureError(() => collectModelStream(model().stream(textRequest)));
      assert.ok(APICallError.isInstance(error), `expected APICallError, got ${String(error)}`);
      assert.equal(error.statusCode, 400);
      assert.equal(error.isRetryable, false);
      assert.ok(error.responseBody?.includes('Invalid value for'), 'responseBody must carry the vendor message');
      assert.equal(server.requests.length, 1, 'a 400 must not be retried');
      assert.deepEqual(sleep.delays, []);
      assertNoSecret(error, apiKey);
    });
  });

  it('fails at once on HTTP 401 and never leaks the API key', async () => {
    await withHarness(options, async ({ server, model, apiKey }) => {
      server.setFallback({ type: 'json', status: 401, body: options.errorBody(401, `Incorrect API key provided: ${apiKey ?? 'none'}.`) });
      const { result: error, logs } = await withLogCapture(() => captureError(() => collectModelStream(model().stream(textRequest))));
      if (apiKey !== undefined) for (const line of logs) assert.ok(!line.includes(apiKey), 'the API key leaked into a log line or warning');
      assert.ok(APICallError.isInstance(error), `expected APICallError, got ${String(error)}`);
      assert.equal(error.statusCode, 401);
      assert.equal(error.isRetryable, false);
      assert.equal(server.requests.length, 1, 'a 401 must not be retried');
      if (apiKey !== undefined) {
        const request = server.requests[0];
        const sent = Object.values(request?.headers ?? {}).some((v) => v.includes(apiKey)) || (request?.path ?? '').includes(apiKey);
        assert.ok(sent, 'the API key must be sent with the request');
      }
      assertNoSecret(error, apiKey);
    });
  });

  it('retries HTTP 429 honouring retry-after and retry-after-ms, then succeeds', async () => {
    await withHarness(options, async ({ server, model, sleep }) => {
      server.enqueue(
        { type: 'json', status: 429, headers: { 'retry-after': '3' }, body: options.errorBody(429, 'Rate limit reached.') },
        { type: 'json', status: 429, headers: { 'retry-after-ms': '1500' }, body: options.errorBody(429, 'Rate limit reached.') },
        options.cases.text.response,
      );
      const result = await collectModelStream(model().stream(textRequest));
      assert.equal(result.text, options.cases.text.expected.text);
      assert.equal(server.requests.length, 3);
      assert.deepEqual(sleep.delays, [3000, 1500], 'retry delays must follow retry-after (seconds) and retry-after-ms');
    });
  });

  it('retries HTTP 500 with exponential backoff, then fails with a retryable APICallError', async () => {
    await withHarness(options, async ({ server, model, apiKey, sleep }) => {
      server.setFallback({ type: 'json', status: 500, body: options.errorBody(500, 'The server had an error.') });
      const error = await captureError(() => collectModelStream(model().stream(textRequest)));
      assert.ok(APICallError.isInstance(error), `expected APICallError, got ${String(error)}`);
      assert.equal(error.statusCode, 500);
      assert.equal(error.isRetryable, true);
      assert.equal(server.requests.length, 3, 'maxRetries 2 means three attempts');
      assert.deepEqual(sleep.delays, [initialDelay, initialDelay * 2]);
      assertNoSecret(error, apiKey);
    });
  });

  for (const ending of ['destroy', 'end'] as const) {
    it(`throws IncompleteResponseError when the stream stops before its final event (${ending === 'destroy' ? 'socket destroyed' : 'response ended'})`, async () => {
      await withHarness(options, async ({ server, model, apiKey }) => {
        server.enqueue(truncated(options, ending, (events) => events.slice(0, -1)));
        server.setFallback(options.cases.text.response);
        const error = await captureError(() => collectModelStream(model().stream(textRequest)));
        assert.ok(IncompleteResponseError.isInstance(error), `expected IncompleteResponseError, got ${String(error)}`);
        assert.equal(server.requests.length, 1, 'a stream that already yielded parts must not be retried');
        assertNoSecret(error, apiKey);
      });
    });
  }

  it('aborting mid-stream throws the abort reason and closes the socket', async () => {
    await withHarness(options, async ({ server, model }) => {
      server.enqueue(truncated(options, 'stall', (events) => events.slice(0, Math.ceil(events.length / 2))));
      const controller = new AbortController();
      const reason = new Error('contract abort');
      const consumed = captureError(() => collectModelStream(model().stream(textRequest, { signal: controller.signal })));
      await waitForRequest(server.requests);
      await server.requests[0]?.stalled;
      controller.abort(reason);
      assert.equal(await consumed, reason, 'the stream must throw signal.reason');
      await server.requests[0]?.socketClosed;
    });
  });

  it('makes no request when the signal is already aborted', async () => {
    await withHarness(options, async ({ server, model }) => {
      const reason = new Error('aborted before start');
      const error = await captureError(() => collectModelStream(model().stream(textRequest, { signal: AbortSignal.abort(reason) })));
      assert.equal(error, reason);
      assert.equal(server.requests.length, 0);
    });
  });
}

async function waitForRequest(requests: readonly unknown[]): Promise<void> {
  while (requests.length === 0) await new Promise<void>((resolve) => setImmediate(resolve));
}
