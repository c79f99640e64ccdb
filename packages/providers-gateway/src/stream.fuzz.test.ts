// Fuzz: the Gateway's Chat Completions stream parser, fed the fixture streams cut at random points, reassembles exactly the
// same parts; fed malformed streams (truncated, invalid UTF-8, flipped bytes, malformed, huge and error
// events carrying the API key), it ends with a typed Tandem error that never shows the key.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TandemError, type ModelStreamPart } from '@tandem/core/spec';
import { collectModelStream, contractTools, encodeSseEvents, loadSseFixture, recordingSleep } from '@tandem/core/testing';
import { applyMutations, INVALID_UTF8, secretLeaks, splitBytes, streamingFetch, type ByteMutation } from '@tandem/provider-utils/testing';
import { createGateway } from './gateway-provider.js';

const SEED = 20_260_512;
const KEY = 'gw-fuzz-planted-0123456789abcdef';
const MAX_EVENT_BYTES = 4096;
const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: contractTools };
const FIXTURES = ['text', 'split-deltas', 'tool-call', 'tool-call-no-args', 'parallel-tool-calls', 'perplexity-search', 'cached-usage', 'finish-length', 'finish-content_filter'];

/** Events a hostile or broken server might send, each echoing the API key. */
const PLANTED = [
  `data: ${KEY}

`,
  `data: {"error":{"message":"Incorrect API key provided: ${KEY}","type":"invalid_request_error","code":"invalid_api_key"}}

`,
  `data: {"error":{"message":"${KEY}"}}

`,
  `data: {"id":"x","choices":"${KEY}"}

`,
  `data: {"id":"x","choices":[{"index":0,"delta":{"tool_calls":[{"index":"${KEY}"}]}}]}

`,
  `data: ${'A'.repeat(MAX_EVENT_BYTES)}${KEY}

`,
  `data: {"choices": [{"delta": "${KEY}

`,
].map((text) => new TextEncoder().encode(text));

const mutation: fc.Arbitrary<ByteMutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.constantFrom(...INVALID_UTF8) }),
  fc.record({ kind: fc.constant('insert-event' as const), at: fc.nat(), bytes: fc.constantFrom(...PLANTED) }),
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), value: fc.nat({ max: 255 }) }),
);

const bytesOf = (name: string) => new TextEncoder().encode(encodeSseEvents(loadSseFixture(new URL('./__fixtures__/', import.meta.url), name)));

/** Runs the stream; `check` also asserts it is well formed and its tool arguments are JSON (valid input only). */
async function run(chunks: readonly Uint8Array[], check = true): Promise<{ parts?: ModelStreamPart[]; error?: unknown }> {
  const model = createGateway({ apiKey: KEY, baseURL: 'http://fuzz.test/v1', fetch: streamingFetch(chunks), sleep: recordingSleep().sleep, maxRetries: 1, maxEventBytes: MAX_EVENT_BYTES })('openai/gpt-5');
  const stream = model.stream(request);
  try {
    if (check) return { parts: (await collectModelStream(stream)).parts };
    const parts: ModelStreamPart[] = [];
    for await (const part of stream) parts.push(part);
    return { parts };
  } catch (error) {
    return { error };
  }
}

describe('Gateway (OpenAI-compatible Chat) stream parser under fuzzing', () => {
  it('reassembles every fixture exactly, wherever the byte stream is cut', { timeout: 60_000 }, async () => {
    const baselines = new Map<string, Awaited<ReturnType<typeof run>>>();
    for (const name of FIXTURES) baselines.set(name, await run([bytesOf(name)]));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIXTURES), fc.array(fc.nat({ max: 6000 }), { maxLength: 40 }), async (name, cuts) => {
        const outcome = await run(splitBytes(bytesOf(name), cuts));
        const baseline = baselines.get(name)!;
        if (baseline.error === undefined) expect(outcome).toEqual(baseline);
        else expect(String(outcome.error)).toBe(String(baseline.error));
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('ends a malformed stream with a typed error that never shows the key', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIXTURES), fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.array(fc.nat({ max: 6000 }), { maxLength: 10 }), async (name, mutations, cuts) => {
        // Corrupted content may still parse (a model can send broken tool arguments; the agent reports those).
        const outcome = await run(splitBytes(applyMutations(bytesOf(name), mutations), cuts), false);
        if (outcome.error === undefined) return;
        expect(TandemError.isInstance(outcome.error), String(outcome.error)).toBe(true);
        expect(secretLeaks(outcome.error, KEY)).toEqual([]);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
