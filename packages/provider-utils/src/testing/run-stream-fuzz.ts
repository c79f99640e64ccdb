import { deepStrictEqual, fail, ok } from 'node:assert/strict';
import { TandemError, type ModelStreamPart } from '@tandem/core/spec';
import { collectModelStream, encodeSseEvents, loadSseFixture } from '@tandem/core/testing';
import type * as FastCheck from 'fast-check';
import { applyMutations, INVALID_UTF8, type ByteMutation } from './mutate-bytes.js';
import { secretLeaks } from './secret-leaks.js';
import { splitBytes } from './split-bytes.js';

/**
 * The test functions {@link runStreamFuzz} registers its two tests with: vitest's `describe` and `it`
 * (or any runner's with the same shape).
 *
 * @category Testing
 */
export interface StreamFuzzTestApi {
  readonly describe: (name: string, body: () => void) => void;
  readonly it: (name: string, options: { readonly timeout: number }, body: () => Promise<void>) => void;
}

/**
 * What {@link runStreamFuzz} fuzzes: a provider's stream parser and the vendor's recorded responses.
 *
 * @category Testing
 */
export interface StreamFuzzOptions {
  /** The parser's name in the test titles, e.g. `'Acme Chat stream parser'`. */
  readonly name: string;
  /** The recorded responses to fuzz, by name. */
  readonly fixtures: readonly string[];
  /**
   * A recorded response as the server sends it, in whole events (SSE events, event-stream frames…):
   * the body is their concatenation, and {@link StreamFuzzOptions.planted} events go between them.
   */
  readonly events: (fixture: string) => readonly Uint8Array[];
  /**
   * Streams the model over a response body made of exactly these chunks (a network-free `fetch` or
   * client, a retry sleep that never waits, one attempt).
   */
  readonly stream: (chunks: readonly Uint8Array[]) => AsyncIterable<ModelStreamPart>;
  /**
   * Whole events a hostile or broken server might send, each carrying one of the `secrets`: error
   * events echoing the key, events breaking the wire schema, an event over the size limit, garbage
   * (a string is sent as UTF-8).
   */
  readonly planted: readonly (string | Uint8Array)[];
  /** The credentials the provider was given; no error may show any of them. */
  readonly secrets: readonly string[];
  /** The largest cut offset tried (default 6000: past the end of most fixtures). */
  readonly maxOffset?: number;
  /** The fast-check seed (default a fixed one, so a run is repeatable). */
  readonly seed?: number;
}

/** A byte mutation, or a planted event inserted before the whole event at index `at` (modulo their count). */
type FuzzMutation = ByteMutation | { readonly kind: 'plant'; readonly at: number; readonly event: Uint8Array };

interface Outcome {
  readonly parts?: readonly ModelStreamPart[];
  readonly error?: unknown;
}

const DEFAULT_SEED = 20_260_512;

/**
 * Registers two property tests (with fast-check, an optional peer dependency to install) of a
 * provider's stream parser:
 *
 * - cut anywhere: each recorded response, its bytes split at random offsets (inside UTF-8 sequences,
 *   lines, JSON tokens, frames), gives exactly the parts it gives in one piece — or, when it ends in an
 *   error, the same error; a well-formed stream is also checked with `collectModelStream` (every part
 *   well ordered, tool arguments valid JSON).
 * - malformed: with one to three mutations (truncated, invalid UTF-8 inserted, a byte flipped, a planted
 *   event inserted) and random cuts, the stream either still parses or ends with a `TandemError` that
 *   shows none of the secrets in its message, stack, JSON, `util.inspect` form or cause chain.
 *
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { recordingSleep } from '@tandem/core/testing';
 * import { runStreamFuzz, sseFixtureEvents, streamingFetch } from '@tandem/provider-utils/testing';
 *
 * const KEY = 'acme-fuzz-planted-key';
 * const dir = new URL('./__fixtures__/', import.meta.url);
 * runStreamFuzz({ describe, it }, {
 *   name: 'Acme stream parser',
 *   fixtures: ['text', 'tool-call'],
 *   events: (name) => sseFixtureEvents(dir, name),
 *   stream: (chunks) =>
 *     createAcme({ apiKey: KEY, fetch: streamingFetch(chunks), sleep: recordingSleep().sleep, maxRetries: 1 })('acme-1').stream(request),
 *   planted: [`data: {"error":{"message":"bad key ${KEY}"}}\n\n`],
 *   secrets: [KEY],
 * });
 * ```
 *
 * @category Testing
 */
export function runStreamFuzz(api: StreamFuzzTestApi, options: StreamFuzzOptions): void {
  if (options.fixtures.length === 0) throw new TypeError('runStreamFuzz needs at least one fixture name in `fixtures`.');
  const seed = options.seed ?? DEFAULT_SEED;
  const maxOffset = options.maxOffset ?? 6000;
  const bodyOf = (fixture: string) => concat(options.events(fixture));
  const planted = options.planted.map((event) => (typeof event === 'string' ? new TextEncoder().encode(event) : event));

  api.describe(`${options.name} under fuzzing`, () => {
    api.it('reassembles every fixture exactly, wherever the byte stream is cut', { timeout: 60_000 }, async () => {
      const fc = await loadFastCheck();
      const baselines = new Map<string, Outcome>();
      for (const fixture of options.fixtures) baselines.set(fixture, await run(options, [bodyOf(fixture)], true));
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...options.fixtures), fc.array(fc.nat({ max: maxOffset }), { maxLength: 40 }), async (fixture, cuts) => {
          const outcome = await run(options, splitBytes(bodyOf(fixture), cuts), true);
          const baseline = baselines.get(fixture)!;
          if (baseline.error === undefined) deepStrictEqual(outcome, baseline);
          else deepStrictEqual(String(outcome.error), String(baseline.error));
        }),
        { seed, numRuns: 200 },
      );
    });

    api.it(`ends a malformed stream with a typed error that never shows a secret`, { timeout: 60_000 }, async () => {
      const fc = await loadFastCheck();
      const mutations: FastCheck.Arbitrary<FuzzMutation>[] = [
        fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
        fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.constantFrom(...INVALID_UTF8) }),
        fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), value: fc.nat({ max: 255 }) }),
      ];
      if (planted.length > 0) mutations.push(fc.record({ kind: fc.constant('plant' as const), at: fc.nat(), event: fc.constantFrom(...planted) }));
      const mutation = fc.oneof(...mutations);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...options.fixtures),
          fc.array(mutation, { minLength: 1, maxLength: 3 }),
          fc.array(fc.nat({ max: maxOffset }), { maxLength: 10 }),
          async (fixture, mutations, cuts) => {
            // Corrupted content may still parse (a model can send broken tool arguments; the agent reports those).
            const outcome = await run(options, splitBytes(mutate(options.events(fixture), mutations), cuts), false);
            if (outcome.error === undefined) return;
            ok(TandemError.isInstance(outcome.error), `not a TandemError: ${String(outcome.error)}`);
            for (const secret of options.secrets) {
              const leaks = secretLeaks(outcome.error, secret);
              ok(leaks.length === 0, `a secret shows in the error (${leaks.join(', ')}): ${String(outcome.error)}`);
            }
          },
        ),
        { seed, numRuns: 300 },
      );
    });
  });
}

/**
 * The events of the recorded SSE response `<dir>/<name>.chunks.txt` (see `loadSseFixture` of
 * `@tandem/core/testing`), each encoded on its own: what {@link StreamFuzzOptions.events} returns for an
 * SSE provider.
 *
 * @example
 * ```ts
 * const events = sseFixtureEvents(new URL('./__fixtures__/', import.meta.url), 'tool-call');
 * ```
 *
 * @category Testing
 */
export function sseFixtureEvents(dir: string | URL, name: string): Uint8Array[] {
  return loadSseFixture(dir, name).map((event) => new TextEncoder().encode(encodeSseEvents([event])));
}

/** Streams the chunks; `check` also asserts the stream is well formed (valid input only). */
async function run(options: StreamFuzzOptions, chunks: readonly Uint8Array[], check: boolean): Promise<Outcome> {
  const stream = options.stream(chunks);
  try {
    if (check) return { parts: (await collectModelStream(stream)).parts };
    const parts: ModelStreamPart[] = [];
    for await (const part of stream) parts.push(part);
    return { parts };
  } catch (error) {
    return { error };
  }
}

/** Inserts the planted events between whole events first, then applies the byte mutations in order. */
function mutate(events: readonly Uint8Array[], mutations: readonly FuzzMutation[]): Uint8Array {
  const list = [...events];
  for (const m of mutations) if (m.kind === 'plant') list.splice(m.at % (list.length + 1), 0, m.event);
  return applyMutations(
    concat(list),
    mutations.filter((m): m is ByteMutation => m.kind !== 'plant'),
  );
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}

async function loadFastCheck(): Promise<typeof FastCheck> {
  try {
    return await import('fast-check');
  } catch (error) {
    fail(new Error('runStreamFuzz needs fast-check: add it to your devDependencies (npm install -D fast-check).', { cause: error }));
  }
}
