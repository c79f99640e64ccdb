// Fuzz: readSseEvents reassembles any event stream exactly, however it is cut, whatever bytes the data
// holds (invalid UTF-8 becomes U+FFFD), and refuses an event over maxEventBytes with a typed error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidResponseDataError } from '@tandem/core/spec';
import { readSseEvents, type SseMessage } from './read-sse-events.js';
import { splitBytes } from './testing/split-bytes.js';
import { streamingFetch } from './testing/streaming-fetch.js';

const SEED = 20_260_512;
const NEWLINE = 0x0a;
const CR = 0x0d;

/** One event: an optional name and data lines given as raw bytes (no CR/LF inside a line). */
const lineBytes = fc.uint8Array({ maxLength: 40 }).map((bytes) => bytes.filter((byte) => byte !== NEWLINE && byte !== CR));
const eventArbitrary = fc.record({
  name: fc.option(fc.constantFrom('message_start', 'content_block_delta', 'response.output_text.delta', 'x'), { nil: undefined }),
  lines: fc.array(lineBytes, { minLength: 1, maxLength: 3 }),
});
type FuzzEvent = { name: string | undefined; lines: Uint8Array[] };

function encode(events: readonly FuzzEvent[], newline: '\n' | '\r\n'): Uint8Array {
  const parts: Uint8Array[] = [];
  const text = (value: string) => parts.push(new TextEncoder().encode(value));
  for (const event of events) {
    if (event.name !== undefined) text(`event: ${event.name}${newline}`);
    for (const line of event.lines) {
      text('data: ');
      parts.push(line);
      text(newline);
    }
    text(newline);
  }
  return Buffer.concat(parts);
}

function expected(events: readonly FuzzEvent[]): SseMessage[] {
  const decoder = new TextDecoder();
  return events.map((event) => ({
    ...(event.name === undefined ? {} : { event: event.name }),
    data: event.lines.map((line) => decoder.decode(line)).join('\n'),
  }));
}

async function read(chunks: readonly Uint8Array[], maxEventBytes?: number): Promise<SseMessage[]> {
  const response = await streamingFetch(chunks)('http://fuzz.test/');
  const out: SseMessage[] = [];
  for await (const event of readSseEvents(response, { provider: 'Fuzz', ...(maxEventBytes === undefined ? {} : { maxEventBytes }) })) out.push(event);
  return out;
}

describe('readSseEvents under fuzzing', () => {
  it('yields exactly the events sent, for any cut points and any bytes in the data', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventArbitrary, { minLength: 1, maxLength: 8 }),
        fc.constantFrom('\n' as const, '\r\n' as const),
        fc.array(fc.nat({ max: 2000 }), { maxLength: 30 }),
        async (events, newline, cuts) => {
          const bytes = encode(events, newline);
          expect(await read(splitBytes(bytes, cuts))).toEqual(expected(events));
        },
      ),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('fails an event over maxEventBytes with InvalidResponseDataError, and passes one at the limit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 64, max: 4096 }), fc.integer({ min: -8, max: 8 }), fc.array(fc.nat({ max: 5000 }), { maxLength: 10 }), async (limit, delta, cuts) => {
        // "data: " + payload is the event's size (line endings do not count).
        const payload = 'é'.repeat(Math.max(0, Math.floor((limit - 6 + delta) / 2)));
        const size = 6 + Buffer.byteLength(payload);
        const bytes = new TextEncoder().encode(`data: ok\n\ndata: ${payload}\n\n`);
        const outcome = await read(splitBytes(bytes, cuts), limit).catch((error: unknown) => error);
        if (size > limit) {
          expect(InvalidResponseDataError.isInstance(outcome)).toBe(true);
        } else {
          expect(outcome).toEqual([{ data: 'ok' }, { data: payload }]);
        }
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});
