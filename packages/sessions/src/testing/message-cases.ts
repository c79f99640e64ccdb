import assert from 'node:assert/strict';
import type { Message } from '@tandem/core';
import { assertSameMessages, withStore } from './conformance-helpers.js';
import type { SessionStoreConformanceCase } from './conformance-options.js';
import { numbered, patternBytes, sampleConversation } from './sample-messages.js';

/** Loading and appending: exact round trips and order. */
export const messageCases: readonly SessionStoreConformanceCase[] = [
  {
    name: 'load() of an unknown session is an empty array',
    run: (options) =>
      withStore(options, async (store) => {
        assert.deepStrictEqual(await store.load('never-written'), []);
      }),
  },
  {
    name: 'append() then load() gives the messages back exactly (bytes, URLs, unicode, metadata, tool parts)',
    run: (options) =>
      withStore(options, async (store) => {
        await store.append('round-trip', sampleConversation());
        assertSameMessages(await store.load('round-trip'), sampleConversation(), 'round trip');
      }),
  },
  {
    name: 'appends add up in call order',
    run: (options) =>
      withStore(options, async (store) => {
        const expected: Message[] = [];
        for (let i = 0; i < 5; i++) {
          const batch = [numbered('a', 2 * i), numbered('a', 2 * i + 1)];
          await store.append('adds-up', batch);
          expected.push(...batch);
          assertSameMessages(await store.load('adds-up'), expected, `after append ${i + 1}`);
        }
      }),
  },
  {
    name: 'appends called together, without awaiting each, keep their call order',
    run: (options) =>
      withStore(options, async (store) => {
        const batches = Array.from({ length: 25 }, (_, i) => [numbered('c', 2 * i), numbered('c', 2 * i + 1)]);
        await Promise.all(batches.map((batch) => store.append('together', batch)));
        assertSameMessages(await store.load('together'), batches.flat(), 'concurrent appends');
      }),
  },
  {
    name: 'a large message (megabytes of text and bytes) round-trips',
    run: (options) =>
      withStore(options, async (store) => {
        const text = 'λ'.repeat(1_000_000) + '🦜'.repeat(250_000);
        const big: Message = {
          role: 'user',
          parts: [
            { type: 'text', text },
            { type: 'file', mediaType: 'audio/wav', data: patternBytes(2_000_000, 3) },
          ],
        };
        await store.append('large', [numbered('before', 0), big, numbered('after', 1)]);
        assertSameMessages(await store.load('large'), [numbered('before', 0), big, numbered('after', 1)], 'large message');
      }),
  },
  {
    name: 'a long conversation keeps its order',
    run: (options) =>
      withStore(options, async (store) => {
        const all = Array.from({ length: 1000 }, (_, i) => numbered('long', i));
        for (let i = 0; i < all.length; i += 100) await store.append('long', all.slice(i, i + 100));
        assertSameMessages(await store.load('long'), all, 'long conversation');
      }),
  },
  {
    name: 'sessions are independent',
    run: (options) =>
      withStore(options, async (store) => {
        await store.append('one', [numbered('one', 0)]);
        await store.append('two', [numbered('two', 0), numbered('two', 1)]);
        await store.append('one', [numbered('one', 1)]);
        assertSameMessages(await store.load('one'), [numbered('one', 0), numbered('one', 1)], 'session one');
        assertSameMessages(await store.load('two'), [numbered('two', 0), numbered('two', 1)], 'session two');
      }),
  },
  {
    name: 'session ids are opaque strings (unicode, quotes, slashes, SQL)',
    run: (options) =>
      withStore(options, async (store) => {
        const ids = ["user/42:ü 🎉", "it's \"quoted\"", "x'); DROP TABLE sessions; --", '%_*?', ' spaced ', 'a'.repeat(500)];
        for (const [i, id] of ids.entries()) await store.append(id, [numbered(id, i)]);
        for (const [i, id] of ids.entries()) assertSameMessages(await store.load(id), [numbered(id, i)], `id ${JSON.stringify(id)}`);
        const listed = new Set((await store.list()).map((info) => info.id));
        for (const id of ids) assert.ok(listed.has(id), `list() includes ${JSON.stringify(id)}`);
      }),
  },
  {
    name: 'append() of no messages changes nothing',
    run: (options) =>
      withStore(options, async (store) => {
        await store.append('empty', []);
        assert.deepStrictEqual(await store.load('empty'), []);
        assert.deepStrictEqual(
          (await store.list()).map((info) => info.id),
          [],
          'an empty append does not create a session',
        );
      }),
  },
  {
    name: 'load() returns a new array each time',
    run: (options) =>
      withStore(options, async (store) => {
        await store.append('copy', [numbered('copy', 0)]);
        const first = await store.load('copy');
        first.push(numbered('not stored', 1));
        assertSameMessages(await store.load('copy'), [numbered('copy', 0)], 'after changing a loaded array');
      }),
  },
];
