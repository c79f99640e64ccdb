import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidResponseDataError, type ModelStreamPart } from '@tandem/core/spec';
import { runStreamFuzz, sseFixtureEvents, type StreamFuzzOptions, type StreamFuzzTestApi } from './run-stream-fuzz.js';

// A toy wire format, `data: <text>\n\n` per event, and parsers for it: a correct one and three with the
// bugs the fuzz suite exists to catch. Each suite is registered with a recording test API and run here.

const SECRET = 'toy-planted-secret-1234';
const EVENTS = ['data: Grüße\n\n', 'data: aus 🚲 Köln\n\n', 'data: ende\n\n'];
const encode = (text: string) => new TextEncoder().encode(text);

type Decode = (chunks: readonly Uint8Array[]) => string;
type Fail = (event: string) => Error;

/** Decodes the whole body at once, rejecting invalid UTF-8 (correct). */
const decodeWhole: Decode = (chunks) => new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
/** Decodes each chunk on its own: a character cut between two chunks turns into U+FFFD (the bug). */
const decodeEachChunk: Decode = (chunks) => chunks.map((chunk) => new TextDecoder().decode(chunk)).join('');
const typedError: Fail = () => new InvalidResponseDataError({ message: 'The toy stream has an event without data.', data: undefined });
const leakingError: Fail = (event) => new InvalidResponseDataError({ message: `Bad toy event: ${event}`, data: undefined });
const untypedError: Fail = () => new Error('bad toy event');

async function* toyStream(chunks: readonly Uint8Array[], decode: Decode, fail: Fail): AsyncGenerator<ModelStreamPart> {
  let body: string;
  try {
    body = decode(chunks);
  } catch (error) {
    throw new InvalidResponseDataError({ message: 'The toy stream is not UTF-8.', data: undefined, cause: error });
  }
  yield { type: 'text-start', blockId: 't' };
  for (const event of body.split('\n\n').filter((text) => text !== '')) {
    if (!event.startsWith('data: ')) throw fail(event);
    yield { type: 'text-delta', blockId: 't', chunk: event.slice('data: '.length) };
  }
  yield { type: 'text-end', blockId: 't' };
  yield { type: 'finish', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 } };
}

/** Registers the suite for `parser` with a recording API, then runs its two tests; returns their errors. */
async function fuzz(decode: Decode, fail: Fail, extra: Partial<StreamFuzzOptions> = {}): Promise<{ cut: unknown; malformed: unknown }> {
  const tests = new Map<string, () => Promise<void>>();
  const api: StreamFuzzTestApi = { describe: (_name, body) => body(), it: (name, _options, body) => void tests.set(name, body) };
  runStreamFuzz(api, {
    name: 'toy parser',
    fixtures: ['greeting'],
    events: () => EVENTS.map(encode),
    stream: (chunks) => toyStream(chunks, decode, fail),
    planted: [`${SECRET}\n\n`, encode(`oops ${SECRET}\n\n`)],
    secrets: [SECRET],
    ...extra,
  });
  expect([...tests.keys()]).toEqual(['reassembles every fixture exactly, wherever the byte stream is cut', 'ends a malformed stream with a typed error that never shows a secret']);
  const [cut, malformed] = [...tests.values()];
  return { cut: await cut!().catch((error: unknown) => error), malformed: await malformed!().catch((error: unknown) => error) };
}

/** The assertion that failed inside the property (fast-check gives it as the `cause`). */
const reason = (error: unknown) => String(error instanceof Error ? error.cause : error);

describe('runStreamFuzz', () => {
  it('passes a parser that handles any cut and fails bad input with a typed error that hides the secret', async () => {
    expect(await fuzz(decodeWhole, typedError)).toEqual({ cut: undefined, malformed: undefined });
  });

  it('catches a parser that breaks a character cut between two chunks', async () => {
    const { cut } = await fuzz(decodeEachChunk, typedError);
    expect(String(cut)).toContain('Property failed');
    expect(reason(cut)).toContain('\uFFFD'); // the parts differ from the uncut stream's by a broken character
  });

  it('catches an error that shows a secret, and an error that is not a TandemError', async () => {
    expect(reason((await fuzz(decodeWhole, leakingError)).malformed)).toContain('a secret shows in the error (message, stack, json, inspect, string, fields): InvalidResponseDataError: Bad toy event');
    expect(reason((await fuzz(decodeWhole, untypedError)).malformed)).toContain('not a TandemError: Error: bad toy event');
  });

  it('refuses an empty fixture list at registration', () => {
    const api: StreamFuzzTestApi = { describe: (_name, body) => body(), it: () => undefined };
    expect(() => runStreamFuzz(api, { name: 'toy', fixtures: [], events: () => [], stream: (chunks) => toyStream(chunks, decodeWhole, typedError), planted: [], secrets: [] })).toThrow(
      'runStreamFuzz needs at least one fixture name in `fixtures`.',
    );
  });

  it('reads the events of a recorded SSE fixture one by one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stream-fuzz-'));
    try {
      writeFileSync(join(dir, 'toy.chunks.txt'), '# notes\n{"a":1}\nevent: done data: {"b":2}\n');
      expect(sseFixtureEvents(dir, 'toy').map((event) => new TextDecoder().decode(event))).toEqual(['data: {"a":1}\n\n', 'event: done\ndata: {"b":2}\n\n']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
