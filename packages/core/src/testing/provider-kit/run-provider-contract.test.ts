import { describe, expect, it } from 'vitest';
import { APICallError } from '../../spec/errors/api-call-error.js';
import { IncompleteResponseError } from '../../spec/errors/incomplete-response-error.js';
import type { LanguageModel } from '../../spec/language-model/v1/language-model-v1.js';
import type { ModelStreamPart } from '../../spec/language-model/v1/model-stream-part.js';
import type { FinishReason } from '../../spec/language-model/v1/usage.js';
import type { ContractModelSettings, ProviderContractOptions } from './provider-contract-options.js';
import { runProviderContract } from './run-provider-contract.js';
import { loadSseFixture } from './sse-fixture.js';

/**
 * A minimal but correct provider for the invented reference wire format of `__fixtures__/`, used to prove
 * the contract suite passes for a correct provider and fails for broken ones.
 */
interface Flaws {
  readonly noRetry?: boolean;
  readonly leakKey?: boolean;
  readonly ignoreTruncation?: boolean;
  readonly logKey?: boolean;
}

function referenceModel(settings: ContractModelSettings, flaws: Flaws = {}): LanguageModel {
  const url = `${settings.baseURL}/generate`;
  const key = settings.apiKey ?? '';
  return {
    specificationVersion: 'v1',
    provider: 'reference',
    modelId: 'ref-1',
    async *stream(request, options = {}) {
      const { signal } = options;
      signal?.throwIfAborted();
      let response: Response;
      for (let attempt = 0; ; attempt++) {
        response = await settings.fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ messages: request.messages, tools: request.tools }),
          signal,
        });
        if (response.ok) break;
        const raw = await response.text();
        if (flaws.logKey) process.emitWarning(`request failed with key ${key}`);
        const body = flaws.leakKey ? raw : raw.replaceAll(key, '[redacted]');
        const error = new APICallError({ message: `HTTP ${response.status}: ${body}`, url, statusCode: response.status, responseBody: body });
        if (!error.isRetryable || attempt >= settings.maxRetries || flaws.noRetry) throw error;
        const ms = response.headers.get('retry-after-ms');
        const seconds = response.headers.get('retry-after');
        await settings.sleep(ms !== null ? Number(ms) : seconds !== null ? Number(seconds) * 1000 : 2000 * 2 ** attempt, signal);
      }
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      let textOpen = false;
      let reasoningOpen = false;
      const tools = new Map<string, { name: string; args: string }>();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const event = JSON.parse(buffer.slice(6, end)) as { type: string; delta?: string; id?: string; name?: string; reason?: string; input?: number; output?: number; cached?: number };
            buffer = buffer.slice(end + 2);
            if (event.type === 'text') {
              if (!textOpen) yield { type: 'text-start', blockId: 't' };
              textOpen = true;
              yield { type: 'text-delta', blockId: 't', chunk: event.delta ?? '' };
            } else if (event.type === 'reasoning') {
              if (!reasoningOpen) yield { type: 'reasoning-start', blockId: 'r' };
              reasoningOpen = true;
              yield { type: 'reasoning-delta', blockId: 'r', chunk: event.delta ?? '' };
            } else if (event.type === 'tool') {
              const id = event.id ?? '';
              if (!tools.has(id)) {
                tools.set(id, { name: event.name ?? '', args: '' });
                yield { type: 'tool-start', toolCallId: id, toolName: event.name ?? '' };
              }
              tools.get(id)!.args += event.delta ?? '';
              if (event.delta) yield { type: 'tool-delta', toolCallId: id, chunk: event.delta };
            } else if (event.type === 'finish') {
              if (reasoningOpen) yield { type: 'reasoning-end', blockId: 'r' };
              if (textOpen) yield { type: 'text-end', blockId: 't' };
              for (const [id, tool] of tools) yield { type: 'tool-end', toolCallId: id, toolName: tool.name, toolArgs: tool.args } satisfies ModelStreamPart;
              const reasons: Record<string, FinishReason> = { stop: 'stop', length: 'length', tools: 'tool-calls', filter: 'content-filter' };
              yield { type: 'finish', finishReason: reasons[event.reason ?? ''] ?? 'other', usage: { inputTokens: event.input ?? 0, outputTokens: event.output ?? 0, ...(event.cached ? { cachedInputTokens: event.cached } : {}) } };
              return;
            }
          }
        }
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw new IncompleteResponseError({ provider: 'reference', cause: error });
      }
      if (!flaws.ignoreTruncation) throw new IncompleteResponseError({ provider: 'reference' });
      yield { type: 'finish', finishReason: 'stop', usage: { inputTokens: 0, outputTokens: 0 } };
    },
  };
}

const dir = new URL('./__fixtures__/', import.meta.url);
const sse = (name: string) => ({ type: 'sse' as const, events: loadSseFixture(dir, name) });

function contractOptions(flaws?: Flaws): ProviderContractOptions {
  return {
    name: 'reference',
    createModel: (settings) => referenceModel(settings, flaws),
    expectedRequest: { path: '/v1/generate' },
    errorBody: (status, message) => ({ error: { status, message } }),
    cases: {
      text: { response: sse('text'), expected: { text: 'Hello!', finishReason: 'stop', usage: { inputTokens: 5, outputTokens: 2 } } },
      toolCall: { response: sse('tool-call'), expected: { toolCalls: [{ toolName: 'weather', input: { city: 'Oslo' } }], finishReason: 'tool-calls' } },
      parallelToolCalls: {
        response: sse('parallel-tool-calls'),
        expected: { toolCalls: [{ toolName: 'weather', input: { city: 'Oslo' } }, { toolName: 'current_time', input: {} }], finishReason: 'tool-calls' },
      },
      toolCallWithoutArguments: { response: sse('tool-call-no-args'), expected: { toolCalls: [{ toolName: 'current_time', input: {} }], finishReason: 'tool-calls' } },
      splitArgumentDeltas: { response: sse('split-deltas'), expected: { toolCalls: [{ toolName: 'weather', input: { city: 'München 😀' } }], finishReason: 'tool-calls' } },
      usage: { response: sse('usage'), expected: { text: 'Cached.', finishReason: 'stop', usage: { inputTokens: 2006, cachedInputTokens: 1920 } } },
      reasoning: { response: sse('reasoning'), expected: { reasoning: 'Thinking…', text: 'Done.', finishReason: 'stop' } },
      finishReasons: {
        stop: { response: sse('text'), expected: { finishReason: 'stop' } },
        length: { response: sse('length'), expected: { text: 'Once upon a', finishReason: 'length' } },
        'tool-calls': { response: sse('tool-call'), expected: { finishReason: 'tool-calls' } },
        'content-filter': { response: sse('content-filter'), expected: { finishReason: 'content-filter' } },
      },
    },
  };
}

// A correct provider passes every case.
runProviderContract({ describe, it }, contractOptions());

/** Collects the suite's tests without registering them, to run them against broken providers. */
function collectCases(options: ProviderContractOptions): Map<string, () => Promise<void>> {
  const tests = new Map<string, () => Promise<void>>();
  runProviderContract({ describe: (_name, body) => body(), it: (name, body) => tests.set(name, body) }, options);
  return tests;
}

describe('runProviderContract catches broken providers', () => {
  it('registers every documented case', () => {
    const names = [...collectCases(contractOptions()).keys()];
    expect(names).toHaveLength(24);
    expect(names).toContain('aborting mid-stream throws the abort reason and closes the socket');
  });

  it('fails a provider that does not retry', async () => {
    const tests = collectCases(contractOptions({ noRetry: true }));
    await expect(tests.get('retries HTTP 429 honouring retry-after and retry-after-ms, then succeeds')!()).rejects.toThrow(/APICallError|HTTP 429/);
    await expect(tests.get('retries HTTP 500 with exponential backoff, then fails with a retryable APICallError')!()).rejects.toThrow(/three attempts/);
  });

  it('fails a provider that leaks the API key', async () => {
    const tests = collectCases(contractOptions({ leakKey: true }));
    await expect(tests.get('fails at once on HTTP 401 and never leaks the API key')!()).rejects.toThrow(/API key leaked/);
  });

  it('fails a provider that logs the API key', async () => {
    const tests = collectCases(contractOptions({ logKey: true }));
    await expect(tests.get('fails at once on HTTP 401 and never leaks the API key')!()).rejects.toThrow(/leaked into a log line/);
  });

  it('fails a provider that accepts a truncated stream', async () => {
    const tests = collectCases(contractOptions({ ignoreTruncation: true }));
    await expect(
      tests.get('throws IncompleteResponseError when the stream stops before its final event (response ended)')!(),
    ).rejects.toThrow(/expected IncompleteResponseError/);
  });

  it('fails a fixture that is not a real split test', async () => {
    const options = contractOptions();
    const tests = collectCases({
      ...options,
      cases: { ...options.cases, splitArgumentDeltas: options.cases.toolCall },
    });
    await expect(tests.get('reassembles argument deltas split mid-JSON-token')!()).rejects.toThrow(/non-ASCII/);
  });
});
