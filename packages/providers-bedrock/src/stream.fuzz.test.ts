// Fuzz: the Converse event-stream parser (AWS binary framing decoded by the SDK, then our mapper), fed
// the fixture streams cut at random points, reassembles exactly the same parts; fed malformed streams
// (truncated, flipped bytes, garbage, schema-breaking events and exceptions carrying the credentials),
// it ends with a typed Tandem error that never shows a secret.
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TandemError, type ModelStreamPart } from '@tandem/core/spec';
import { collectModelStream, contractTools, recordingSleep } from '@tandem/core/testing';
import { applyMutations, INVALID_UTF8, secretLeaks, splitBytes, type ByteMutation } from '@tandem/provider-utils/testing';
import { createBedrock } from './bedrock-provider.js';
import { loadBedrockEvents } from './test-utils/bedrock-fixture.js';
import { encodeEventFrame, encodeExceptionFrame } from './test-utils/encode-event-stream.js';

const SEED = 20_260_512;
const SECRET = 'wJalrXUtnFEMI/K7MDENG/FUZZPLANTEDSECRET';
const SESSION = 'FwoGZXIvYXdzEFUZZSESSIONTOKENPLANTED';
const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: contractTools };
const FIXTURES = ['text', 'utf8', 'reasoning', 'redacted-reasoning', 'tool-call', 'tool-call-no-args', 'parallel-tool-calls', 'server-tool', 'cached-usage', 'finish-max_tokens', 'finish-stop_sequence', 'finish-content_filtered', 'finish-guardrail_intervened', 'finish-malformed_tool_use'];

/** Frames a hostile or broken endpoint might send, each echoing a credential. */
const PLANTED: Uint8Array[] = [
  encodeExceptionFrame('validationException', `The security token ${SESSION} is invalid`),
  encodeExceptionFrame('throttlingException', `slow down ${SECRET}`),
  encodeExceptionFrame('someNewException', SECRET),
  encodeEventFrame({ contentBlockDelta: { delta: SECRET, contentBlockIndex: 'x' } }),
  encodeEventFrame({ messageStop: { stopReason: { secret: SESSION } } }),
  encodeEventFrame({ futureEventType: { secret: SECRET } }),
  new TextEncoder().encode(`garbage ${SECRET}`),
  hugeFramePrelude(0xc0000000), // announces 3 GiB: refused before the SDK would allocate it
];

/** The 12-byte prelude of a frame announcing `total` bytes (with a valid prelude CRC), and no more. */
function hugeFramePrelude(total: number): Uint8Array {
  const prelude = Buffer.alloc(12);
  prelude.writeUInt32BE(total, 0);
  prelude.writeUInt32BE(0, 4);
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8);
  return prelude;
}

type Mutation = ByteMutation | { readonly kind: 'insert-frame'; readonly at: number; readonly frame: Uint8Array };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.constantFrom(...INVALID_UTF8) }),
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), value: fc.nat({ max: 255 }) }),
  fc.record({ kind: fc.constant('insert-frame' as const), at: fc.nat(), frame: fc.constantFrom(...PLANTED) }),
);

const framesOf = (name: string) => loadBedrockEvents(name).map(encodeEventFrame);

/** Applies frame insertions (between whole frames) first, then byte mutations. */
function mutate(frames: readonly Uint8Array[], mutations: readonly Mutation[]): Uint8Array {
  const list = [...frames];
  for (const m of mutations) if (m.kind === 'insert-frame') list.splice(m.at % (list.length + 1), 0, m.frame);
  return applyMutations(Buffer.concat(list), mutations.filter((m): m is ByteMutation => m.kind !== 'insert-frame'));
}

/** A Bedrock client whose HTTP handler answers, without any network, with these body chunks. */
function clientAnswering(chunks: readonly Uint8Array[]): BedrockRuntimeClient {
  return new BedrockRuntimeClient({
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDFUZZ', secretAccessKey: SECRET, sessionToken: SESSION },
    maxAttempts: 1,
    requestHandler: {
      handle: async () => ({
        response: {
          statusCode: 200,
          reason: 'OK',
          headers: { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': 'req-fuzz' },
          body: Readable.from(chunks.map((chunk) => Buffer.from(chunk))),
        },
      }),
    },
  });
}

/** Runs the stream; `check` also asserts it is well formed and its tool arguments are JSON (valid input only). */
async function run(chunks: readonly Uint8Array[], check = true): Promise<{ parts?: ModelStreamPart[]; error?: unknown }> {
  const model = createBedrock({
    client: clientAnswering(chunks),
    credentials: { accessKeyId: 'AKIDFUZZ', secretAccessKey: SECRET, sessionToken: SESSION },
    sleep: recordingSleep().sleep,
    maxRetries: 1,
  })('amazon.nova-pro-v1:0');
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

describe('Bedrock Converse stream parser under fuzzing', () => {
  it('reassembles every fixture exactly, wherever the byte stream is cut', { timeout: 60_000 }, async () => {
    const baselines = new Map<string, Awaited<ReturnType<typeof run>>>();
    for (const name of FIXTURES) baselines.set(name, await run([Buffer.concat(framesOf(name))]));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIXTURES), fc.array(fc.nat({ max: 4000 }), { maxLength: 40 }), async (name, cuts) => {
        const outcome = await run(splitBytes(Buffer.concat(framesOf(name)), cuts));
        expect(outcome).toEqual(baselines.get(name));
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('ends a malformed stream with a typed error that never shows a credential', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIXTURES), fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.array(fc.nat({ max: 4000 }), { maxLength: 10 }), async (name, mutations, cuts) => {
        const outcome = await run(splitBytes(mutate(framesOf(name), mutations), cuts), false);
        if (outcome.error === undefined) return;
        expect(TandemError.isInstance(outcome.error), String(outcome.error)).toBe(true);
        expect(secretLeaks(outcome.error, SECRET)).toEqual([]);
        expect(secretLeaks(outcome.error, SESSION)).toEqual([]);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
