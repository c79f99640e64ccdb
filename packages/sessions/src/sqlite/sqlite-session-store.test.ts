import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionStore } from '@tandem/core';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SessionStoreClosedError } from '../errors/session-store-closed-error.js';
import { SessionStoreError } from '../errors/session-store-error.js';
import { runSessionStoreConformance } from '../testing/index.js';
import { sqliteSessionStore } from './sqlite-session-store.js';

const dir = mkdtempSync(join(tmpdir(), 'tandem-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const paths = new WeakMap<SessionStore, string>();
let files = 0;
function makeStore(): SessionStore {
  const path = join(dir, `conformance-${++files}.db`);
  const store = sqliteSessionStore({ path });
  paths.set(store, path);
  return store;
}

runSessionStoreConformance('sqliteSessionStore on a real file', {
  describe,
  it,
  makeStore,
  reopen: (store) => {
    const again = sqliteSessionStore({ path: paths.get(store)! });
    paths.set(again, paths.get(store)!);
    return again;
  },
});

describe('sqliteSessionStore', () => {
  it('keeps the file in WAL mode, one row per message, numbered from 0 per session', async () => {
    const path = join(dir, 'rows.db');
    const store = sqliteSessionStore({ path });
    await store.append('s', [{ role: 'user', parts: [{ type: 'text', text: 'a' }] }]);
    await store.append('s', [
      { role: 'assistant', parts: [{ type: 'text', text: 'b' }] },
      { role: 'user', parts: [{ type: 'text', text: 'c' }] },
    ]);
    await store.close();
    const db = new Database(path, { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      const rows = db.prepare('SELECT session_id, seq, message FROM tandem_sessions_messages ORDER BY seq').all() as { seq: number; message: string }[];
      expect(rows.map((row) => row.seq)).toEqual([0, 1, 2]);
      expect(JSON.parse(rows[1]!.message)).toEqual({ role: 'assistant', parts: [{ type: 'text', text: 'b' }] });
    } finally {
      db.close();
    }
  });

  it('creates the folder of a new file, and keeps stores with different tables apart in one file', async () => {
    const path = join(dir, 'nested', 'deeper', 'two-tables.db');
    const chats = sqliteSessionStore({ path });
    const drafts = sqliteSessionStore({ path, table: 'drafts' });
    try {
      await chats.append('x', [{ role: 'user', parts: [{ type: 'text', text: 'chat' }] }]);
      await drafts.append('x', [{ role: 'user', parts: [{ type: 'text', text: 'draft' }] }]);
      expect((await chats.load('x'))[0]?.parts).toEqual([{ type: 'text', text: 'chat' }]);
      expect((await drafts.load('x'))[0]?.parts).toEqual([{ type: 'text', text: 'draft' }]);
    } finally {
      await chats.close();
      await drafts.close();
    }
  });

  it('rejects bad input with errors that say what to pass', async () => {
    expect(() => sqliteSessionStore({ path: '' })).toThrow(/pass \{ path \}/);
    expect(() => sqliteSessionStore({ path: join(dir, 'x.db'), table: 'no-dashes' })).toThrow(/not a usable table name/);
    expect(() => sqliteSessionStore({ path: join(dir, 'x.db'), busyTimeoutMs: -1 })).toThrow(/busyTimeoutMs/);
    const store = sqliteSessionStore({ path: ':memory:' });
    try {
      await expect(store.load('')).rejects.toThrow(/non-empty string/);
      await expect(store.append('s', [{ role: 'user' } as never])).rejects.toThrow(/messages\[0\] is not a message/);
      await expect(store.append('s', 'hi' as never)).rejects.toThrow(/array of messages/);
      await expect(store.list({ limit: -1 })).rejects.toThrow(/limit/);
      await expect(store.list({ before: new Date(Number.NaN) })).rejects.toThrow(/valid Date/);
      // A rejected append wrote nothing.
      expect(await store.load('s')).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('reports a file it cannot open, a row changed outside Tandem, and use after close as typed errors', async () => {
    const notAFolder = join(dir, 'plain-file');
    writeFileSync(notAFolder, 'not a folder');
    expect(() => sqliteSessionStore({ path: join(notAFolder, 'sessions.db') })).toThrow(SessionStoreError);

    const path = join(dir, 'tampered.db');
    const store = sqliteSessionStore({ path });
    await store.append('s', [{ role: 'user', parts: [{ type: 'text', text: 'fine' }] }]);
    const db = new Database(path);
    db.prepare("UPDATE tandem_sessions_messages SET message = '{not json' WHERE seq = 0").run();
    db.close();
    const error = await store.load('s').catch((caught: unknown) => caught);
    expect(SessionStoreError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/Message 0 of session "s" is not a stored message/);
    await store.close();
    await expect(store.load('s')).rejects.toSatisfy((caught: unknown) => SessionStoreClosedError.isInstance(caught));
  });

  it('reports a write lock held by another process past busyTimeoutMs as SQLITE_BUSY, and works once it is released', async () => {
    const path = join(dir, 'busy.db');
    const store = sqliteSessionStore({ path, busyTimeoutMs: 0 });
    const other = new Database(path);
    try {
      other.exec('BEGIN IMMEDIATE');
      const error = await store.append('s', [{ role: 'user', parts: [{ type: 'text', text: 'x' }] }]).catch((caught: unknown) => caught);
      expect(SessionStoreError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/SQLITE_BUSY.*busyTimeoutMs/);
      expect(await store.load('s'), 'readers are not blocked by a writer (WAL)').toEqual([]);
      other.exec('COMMIT');
      await store.append('s', [{ role: 'user', parts: [{ type: 'text', text: 'x' }] }]);
      expect(await store.load('s')).toHaveLength(1);
    } finally {
      other.close();
      await store.close();
    }
  });
});
