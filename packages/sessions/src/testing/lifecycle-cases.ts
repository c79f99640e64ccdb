import assert from 'node:assert/strict';
import type { SessionInfo } from '@tandem/core';
import { assertRejects, assertSameMessages, nextMillisecond, withStore } from './conformance-helpers.js';
import type { SessionStoreConformanceCase } from './conformance-options.js';
import { numbered } from './sample-messages.js';

function ids(infos: readonly SessionInfo[]): string[] {
  return infos.map((info) => info.id);
}

/** Listing, deleting, closing, and persistence across connections. */
export const lifecycleCases: readonly SessionStoreConformanceCase[] = [
  {
    name: 'list() reports each session with its message count and timestamps',
    run: (options) =>
      withStore(options, async (store) => {
        const before = Date.now();
        await store.append('counted', [numbered('n', 0), numbered('n', 1)]);
        const [first] = await store.list();
        assert.ok(first, 'list() has the session');
        assert.equal(first.id, 'counted');
        assert.equal(first.messageCount, 2);
        assert.ok(first.createdAt instanceof Date && first.updatedAt instanceof Date, 'createdAt and updatedAt are Dates');
        assert.ok(first.createdAt.getTime() >= before - 1000 && first.createdAt.getTime() <= Date.now() + 1000, 'createdAt is about now');
        assert.ok(first.updatedAt.getTime() >= first.createdAt.getTime(), 'updatedAt is not before createdAt');
        await nextMillisecond();
        await store.append('counted', [numbered('n', 2)]);
        const [second] = await store.list();
        assert.equal(second?.messageCount, 3);
        assert.equal(second?.createdAt.getTime(), first.createdAt.getTime(), 'createdAt stays');
        assert.ok(second.updatedAt.getTime() > first.updatedAt.getTime(), 'updatedAt moves on with each append');
      }),
  },
  {
    name: 'list() is newest first (by last append)',
    run: (options) =>
      withStore(options, async (store) => {
        for (const id of ['a', 'b', 'c', 'a']) {
          await nextMillisecond();
          await store.append(id, [numbered(id, 0)]);
        }
        const infos = await store.list();
        assert.deepStrictEqual(ids(infos), ['a', 'c', 'b']);
        assert.deepStrictEqual(
          infos.map((info) => info.messageCount),
          [2, 1, 1],
        );
      }),
  },
  {
    name: 'list({ limit, before }) pages through every session once',
    run: (options) =>
      withStore(options, async (store) => {
        const written = ['s1', 's2', 's3', 's4', 's5'];
        for (const id of written) {
          await nextMillisecond();
          await store.append(id, [numbered(id, 0)]);
        }
        assert.deepStrictEqual(ids(await store.list({ limit: 2 })), ['s5', 's4']);
        assert.deepStrictEqual(ids(await store.list({ limit: 0 })), []);
        const seen: string[] = [];
        let before: Date | undefined;
        for (;;) {
          const page = await store.list(before === undefined ? { limit: 2 } : { limit: 2, before });
          if (page.length === 0) break;
          assert.ok(page.length <= 2, 'a page has at most `limit` sessions');
          seen.push(...ids(page));
          before = page.at(-1)!.updatedAt;
        }
        assert.deepStrictEqual(seen, ['s5', 's4', 's3', 's2', 's1']);
        const s3 = (await store.list()).find((info) => info.id === 's3')!;
        assert.deepStrictEqual(ids(await store.list({ before: s3.updatedAt })), ['s2', 's1'], '`before` is strict');
      }),
  },
  {
    name: 'delete() removes a session and its messages; deleting an unknown session is fine',
    run: (options) =>
      withStore(options, async (store) => {
        await store.append('gone', [numbered('gone', 0), numbered('gone', 1)]);
        await store.append('kept', [numbered('kept', 0)]);
        await store.delete('gone');
        await store.delete('never-written');
        assert.deepStrictEqual(await store.load('gone'), []);
        assert.deepStrictEqual(ids(await store.list()), ['kept']);
        await store.append('gone', [numbered('again', 0)]);
        assertSameMessages(await store.load('gone'), [numbered('again', 0)], 'a deleted id starts afresh');
        assert.equal((await store.list()).find((info) => info.id === 'gone')?.messageCount, 1);
      }),
  },
  {
    name: 'a closed store rejects every call, and close() twice is fine',
    run: async (options) => {
      const store = await options.makeStore();
      await store.append('closing', [numbered('closing', 0)]);
      await store.close();
      await store.close();
      await assertRejects(() => store.load('closing'), 'load() after close()');
      await assertRejects(() => store.append('closing', [numbered('closing', 1)]), 'append() after close()');
      await assertRejects(() => store.list(), 'list() after close()');
      await assertRejects(() => store.delete('closing'), 'delete() after close()');
    },
  },
  {
    name: 'what was appended survives close() and reopening',
    needsReopen: true,
    run: async (options) => {
      const store = await options.makeStore();
      await store.append('durable', [numbered('durable', 0)]);
      await store.append('durable', [numbered('durable', 1)]);
      const reopen = options.reopen!;
      await store.close();
      const again = await reopen(store);
      try {
        assertSameMessages(await again.load('durable'), [numbered('durable', 0), numbered('durable', 1)], 'after reopening');
        assert.deepStrictEqual(
          (await again.list()).map((info) => [info.id, info.messageCount]),
          [['durable', 2]],
        );
      } finally {
        await again.close();
      }
    },
  },
  {
    name: 'two stores over the same data see each other’s appends, in commit order',
    needsReopen: true,
    run: (options) =>
      withStore(options, async (first) => {
        const second = await options.reopen!(first);
        try {
          await first.append('shared', [numbered('shared', 0)]);
          await second.append('shared', [numbered('shared', 1)]);
          await first.append('shared', [numbered('shared', 2)]);
          const expected = [0, 1, 2].map((n) => numbered('shared', n));
          assertSameMessages(await first.load('shared'), expected, 'seen by the first store');
          assertSameMessages(await second.load('shared'), expected, 'seen by the second store');
          await second.delete('shared');
          assert.deepStrictEqual(await first.load('shared'), [], 'a delete by one is seen by the other');
        } finally {
          await second.close();
        }
      }),
  },
];
