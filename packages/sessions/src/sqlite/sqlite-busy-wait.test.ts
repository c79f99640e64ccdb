// §23: a SQLite write lock held by another connection (another process) is waited for without blocking
// the event loop: the store retries with timers, bounded by busyTimeoutMs.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { userMessage } from '@tandem/core';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionStoreError } from '../errors/session-store-error.js';
import { sqliteSessionStore } from './sqlite-session-store.js';

const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
let dir = '';
const open: { close(): unknown }[] = [];

afterEach(async () => {
  for (const handle of open.splice(0).reverse()) await handle.close();
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

/** A second connection to the file that takes the write lock (as another process would) until released. */
function holdWriteLock(path: string): { release(): void } {
  const other = new Database(path);
  open.push(other);
  other.exec('BEGIN IMMEDIATE');
  return { release: () => other.exec('COMMIT') };
}

describe('sqliteSessionStore waiting for another connection’s write lock', () => {
  it('an append waits without blocking timers: a timer fires while it waits (and releases the lock), then it commits', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tandem-sqlite-busy-'));
    const path = join(dir, 'busy.db');
    const store = sqliteSessionStore({ path, busyTimeoutMs: 60_000 });
    open.push(store);
    await store.append('s1', [userMessage('first')]);
    const lock = holdWriteLock(path);
    const order: string[] = [];
    // If the append blocked the event loop, this timer could not fire until it gave up.
    setTimeout(() => {
      order.push('timer');
      lock.release();
    }, 5);
    await store.append('s1', [userMessage('second')]).then(() => order.push('append'));
    expect(order).toEqual(['timer', 'append']);
    expect((await store.load('s1')).length).toBe(2);
  });

  it('gives up after busyTimeoutMs with a SessionStoreError that says so, while timers keep firing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tandem-sqlite-busy-'));
    const path = join(dir, 'busy.db');
    const store = sqliteSessionStore({ path, busyTimeoutMs: 50 });
    open.push(store);
    await store.append('s1', [userMessage('first')]);
    const lock = holdWriteLock(path);
    let ticks = 0;
    const interval = setInterval(() => ticks++, 1);
    const error: unknown = await store.append('s1', [userMessage('second')]).catch((e: unknown) => e);
    clearInterval(interval);
    lock.release();
    expect(SessionStoreError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/SQLITE_BUSY.*busyTimeoutMs \(50 ms\)/);
    expect(ticks).toBeGreaterThan(0);
    expect((await store.load('s1')).length).toBe(1);
  });

  it('keeps call order within the store while one append waits for the lock', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tandem-sqlite-busy-'));
    const path = join(dir, 'busy.db');
    const store = sqliteSessionStore({ path, busyTimeoutMs: 60_000 });
    open.push(store);
    await store.append('s1', [userMessage('0')]);
    const lock = holdWriteLock(path);
    const appends = [1, 2, 3].map((n) => store.append('s1', [userMessage(String(n))]));
    setTimeout(() => lock.release(), 5);
    await Promise.all(appends);
    const texts = (await store.load('s1')).map((m) => (m.parts[0]?.type === 'text' ? m.parts[0].text : ''));
    expect(texts).toEqual(['0', '1', '2', '3']);
  });
});
