import { randomUUID } from 'node:crypto';
import { Agent, messageText, type FunctionTool, type Message, type SessionStore } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SessionStoreClosedError } from '../errors/session-store-closed-error.js';
import { SessionStoreError } from '../errors/session-store-error.js';
import { runSessionStoreConformance } from '../testing/index.js';
import { postgresSessionStore } from './postgres-session-store.js';

const url = inject('postgresUrl');
const tables = new WeakMap<SessionStore, string>();
const freshTable = (): string => `t_${randomUUID().replaceAll('-', '')}`.slice(0, 40);

runSessionStoreConformance('postgresSessionStore on a real PostgreSQL server', {
  describe,
  it,
  makeStore: () => {
    const table = freshTable();
    const store = postgresSessionStore({ connectionString: url, table });
    tables.set(store, table);
    return store;
  },
  reopen: (store) => {
    const again = postgresSessionStore({ connectionString: url, table: tables.get(store)! });
    tables.set(again, tables.get(store)!);
    return again;
  },
});

const text = (label: string): Message => ({ role: 'user', parts: [{ type: 'text', text: label }] });

describe('postgresSessionStore', () => {
  const pool = new pg.Pool({ connectionString: url, max: 12 });
  afterAll(() => pool.end());

  it('three conversations at once on one database, each from several stores (as from several processes), keep their order', async () => {
    const table = freshTable();
    // Three stores = three pools; they create the schema at the same moment (advisory lock, no race).
    const stores = [0, 1, 2].map(() => postgresSessionStore({ connectionString: url, table, max: 4 }));
    try {
      const conversations = ['alice', 'bob', 'carol'];
      const rounds = 20;
      await Promise.all(
        conversations.flatMap((conversation) =>
          stores.map(async (store, writer) => {
            for (let i = 0; i < rounds; i++) await store.append(conversation, [text(`${conversation} w${writer} #${2 * i}`), text(`${conversation} w${writer} #${2 * i + 1}`)]);
          }),
        ),
      );
      for (const conversation of conversations) {
        const texts = (await stores[0]!.load(conversation)).map((message) => messageText(message));
        expect(texts).toHaveLength(stores.length * rounds * 2);
        expect(texts.every((t) => t.startsWith(`${conversation} `)), 'no message in the wrong conversation').toBe(true);
        for (let writer = 0; writer < stores.length; writer++) {
          const mine = texts.filter((t) => t.startsWith(`${conversation} w${writer} `));
          expect(mine).toEqual(Array.from({ length: rounds * 2 }, (_, n) => `${conversation} w${writer} #${n}`));
        }
        for (let i = 0; i < texts.length; i += 2) {
          expect(texts[i + 1]!.split(' #')[0], `append at ${i} stays whole`).toBe(texts[i]!.split(' #')[0]);
        }
      }
      const { rows } = await pool.query<{ session_id: string; seqs: number[] }>(
        `SELECT session_id, array_agg(seq ORDER BY seq) AS seqs FROM "${table}_messages" GROUP BY session_id`,
      );
      for (const row of rows) expect(row.seqs, `seq of ${row.session_id} has no gaps`).toEqual(Array.from({ length: row.seqs.length }, (_, i) => i));
      expect(
        Object.fromEntries((await stores[1]!.list()).map((info) => [info.id, info.messageCount])),
      ).toEqual({ alice: 120, bob: 120, carol: 120 });
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('three agents hold three conversations at once on one database; each is stored exactly as it ran and reloaded by the next run', async () => {
    const store = postgresSessionStore({ connectionString: url, table: freshTable() });
    const lookup: FunctionTool = {
      kind: 'function',
      name: 'lookup',
      spec: { description: 'Looks something up.', params: { type: 'object', properties: { q: { type: 'string' } } } },
      async execute(input) {
        await new Promise((resolve) => setImmediate(resolve));
        return `found ${(input as { q: string }).q}`;
      },
    };
    try {
      const outcomes = await Promise.all(
        ['alice', 'bob', 'carol'].map(async (id) => {
          const model = new ScriptedModel({
            responses: [
              toolCallResponse([
                { name: 'lookup', input: { q: `${id}-1` } },
                { name: 'lookup', input: { q: `${id}-2` } },
              ]),
              textResponse(`${id}: first answer`),
              textResponse(`${id}: second answer`),
            ],
          });
          const agent = new Agent({ tools: [lookup], session: { store, id } });
          await agent.run(model, `${id}: look two things up`).result;
          const second = await agent.run(model, `${id}: and then?`).result;
          return { id, model, second };
        }),
      );
      for (const { id, model, second } of outcomes) {
        const stored = await store.load(id);
        expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user', 'assistant']);
        expect(stored).toEqual(second.messages);
        expect(stored.every((message) => messageText(message).startsWith(id) || message.role !== 'user'), `only ${id}'s messages`).toBe(true);
        // The second run sent the stored history first.
        expect(model.requests[2]!.messages).toEqual(stored.slice(0, 5));
      }
    } finally {
      await store.close();
    }
  });

  it('uses a pool it is given without ending it, and stores messages as JSON text, one row each', async () => {
    const table = freshTable();
    const store = postgresSessionStore({ pool, table });
    await store.append('p', [text('one'), text('two')]);
    await store.close();
    await expect(store.load('p')).rejects.toSatisfy((error: unknown) => SessionStoreClosedError.isInstance(error));
    const { rows } = await pool.query<{ seq: number; message: string }>(`SELECT seq, message FROM "${table}_messages" ORDER BY seq`);
    expect(rows.map((row) => [row.seq, JSON.parse(row.message) as unknown])).toEqual([
      [0, text('one')],
      [1, text('two')],
    ]);
  });

  it('close() waits for the appends already called, then ends its own pool', async () => {
    const table = freshTable();
    const store = postgresSessionStore({ connectionString: url, table });
    const appends = Array.from({ length: 10 }, (_, i) => store.append(`c${i % 2}`, [text(`m${i}`)]));
    const listing = store.list();
    await store.close();
    await Promise.all([...appends, listing]);
    const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}_messages"`);
    expect(Number(rows[0]!.n)).toBe(10);
  });

  it('creates its schema once when many stores start together', async () => {
    const table = freshTable();
    const stores = Array.from({ length: 8 }, () => postgresSessionStore({ pool, table }));
    await Promise.all(stores.map((store, i) => store.append(`s${i}`, [text(`hello ${i}`)])));
    expect((await stores[0]!.list()).length).toBe(8);
    await Promise.all(stores.map((store) => store.close()));
  });

  it('reports an unreachable server as a SessionStoreError that says what to check, without the password', async () => {
    const store = postgresSessionStore({ connectionString: 'postgresql://someone:hunter2@127.0.0.1:1/db', connectTimeoutMs: 2000 });
    const error = await store.load('x').catch((caught: unknown) => caught);
    expect(SessionStoreError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/could not be reached/);
    expect((error as Error).message).not.toContain('hunter2');
    await store.close();
  });

  it('rejects bad options with errors that say what to pass', () => {
    expect(() => postgresSessionStore({ connectionString: '' })).toThrow(/connectionString/);
    expect(() => postgresSessionStore({ pool: {} as never })).toThrow(/pg\.Pool/);
    expect(() => postgresSessionStore({ connectionString: url, table: 'x"; drop' })).toThrow(/not a usable table name/);
    expect(() => postgresSessionStore({ connectionString: url, max: 0 })).toThrow(/max/);
  });
});
