// Fuzz: the Responses and Chat stream parsers, fed the fixture streams cut at random points, reassemble
// exactly the same parts; fed malformed streams (truncated, invalid UTF-8, flipped bytes, malformed, huge
// and error events carrying the API key), they end with a typed Tandem error that never shows the key.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TandemError, type ModelStreamPart } from '@tandem/core/spec';
import { collectModelStream, contractTools, encodeSseEvents, loadSseFixture, recordingSleep } from '@tandem/core/testing';
import { applyMutations, INVALID_UTF8, secretLeaks, splitBytes, streamingFetch, type ByteMutation } from '@tandem/provider-utils/testing';
import { createOpenAI } from './openai-provider.js';

const SEED = 20_260_512;
const KEY = 'sk-fuzz-planted-5f0c1e9a7b3d2468';
const MAX_EVENT_BYTES = 4096;
const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: contractTools };

const FIXTURES = {
  responses: ['text', 'split-deltas', 'reasoning', 'tool-call', 'tool-call-no-args', 'parallel-tool-calls', 'web-search', 'cached-usage', 'finish-max_output_tokens', 'finish-content_filter', 'finish-failed', 'error-event'],
  chat: ['text', 'split-deltas', 'reasoning', 'tool-call', 'tool-call-no-args', 'parallel-tool-calls', 'web-search', 'cached-usage', 'finish-length', 'finish-content_filter'],
} as const;

/** Events a hostile or broken server might send, each echoing the API key. */
const PLANTED = [
  `data: ${KEY}\n\n`,
  `data: {"error":{"message":"Incorrect API key provided: ${KEY}","type":"invalid_request_error","code":"invalid_api_key"}}\n\n`,
  `event: error\ndata: {"type":"error","sequence_number":9,"code":"invalid_api_key","message":"bad key ${KEY}","param":null}\n\n`,
  `data: {"type":"response.output_text.delta","item_id":7,"delta":"${KEY}"}\n\n`,
  `data: {"id":"x","choices":"${KEY}"}\n\n`,
  `data: {"type":"response.failed","response":{"id":"r","status":"failed","error":{"code":"x","message":"${KEY}"}}}\n\n`,
  `data: ${'A'.repeat(MAX_EVENT_BYTES)}${KEY}\n\n`,
  `data: {"unterminated": "${KEY}\n\n`,
].map((text) => new TextEncoder().encode(text));

type Api = keyof typeof FIXTURES;

function model(api: Api, fetch: typeof globalThis.fetch) {
  return createOpenAI({ apiKey: KEY, baseURL: 'http://fuzz.test/v1', fetch, sleep: recordingSleep().sleep, maxRetries: 1, maxEventBytes: MAX_EVENT_BYTES })[api]('gpt-4.1');
}

/** Runs the stream; `check` also asserts it is well formed and its tool arguments are JSON (valid input only). */
async function run(api: Api, chunks: readonly Uint8Array[], check = true): Promise<{ parts?: ModelStreamPart[]; error?: unknown }> {
  const stream = model(api, streamingFetch(chunks)).stream(request);
  try {
    if (check) return { parts: (await collectModelStream(stream)).parts };
    const parts: ModelStreamPart[] = [];
    for await (const part of stream) parts.push(part);
    return { parts };
  } catch (error) {
    return { error };
  }
}

const bytesOf = (api: Api, name: string) => new TextEncoder().encode(encodeSseEvents(loadSseFixture(new URL(`./__fixtures__/${api}/`, import.meta.url), name)));

const mutation: fc.Arbitrary<ByteMutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.constantFrom(...INVALID_UTF8) }),
  fc.record({ kind: fc.constant('insert-event' as const), at: fc.nat(), bytes: fc.constantFrom(...PLANTED) }),
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), value: fc.nat({ max: 255 }) }),
);

describe.each(['responses', 'chat'] as const)('OpenAI %s stream parser under fuzzing', (api) => {
  it('reassembles every fixture exactly, wherever the byte stream is cut', { timeout: 60_000 }, async () => {
    const baselines = new Map<string, Awaited<ReturnType<typeof run>>>();
    for (const name of FIXTURES[api]) baselines.set(name, await run(api, [bytesOf(api, name)]));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIXTURES[api]), fc.array(fc.nat({ max: 6000 }), { maxLength: 40 }), async (name, cuts) => {
        const outcome = await run(api, splitBytes(bytesOf(api, name), cuts));
        const baseline = baselines.get(name)!;
        if (baseline.error === undefined) expect(outcome).toEqual(baseline);
        else expect(String(outcome.error)).toBe(String(baseline.error));
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('ends a malformed stream with a typed error that never shows the key', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FIXTURES[api]),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat({ max: 6000 }), { maxLength: 10 }),
        async (name, mutations, cuts) => {
          // Corrupted content may still parse (a model can send broken tool arguments; the agent reports those).
          const outcome = await run(api, splitBytes(applyMutations(bytesOf(api, name), mutations), cuts), false);
          if (outcome.error === undefined) return;
          expect(TandemError.isInstance(outcome.error), String(outcome.error)).toBe(true);
          expect(secretLeaks(outcome.error, KEY)).toEqual([]);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});
