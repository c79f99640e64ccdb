import type { Message, SessionInfo, SessionListOptions, SessionStore } from '@tandem/core';
import type BetterSqlite3 from 'better-sqlite3';
import { SessionStoreClosedError } from '../errors/session-store-closed-error.js';
import { SessionStoreError } from '../errors/session-store-error.js';
import { checkListOptions, checkMessages, checkSessionId } from '../shared/check-arguments.js';
import { messageToRow, rowToMessage } from '../shared/message-row.js';
import { checkTableName } from '../shared/table-name.js';
import { openSqliteDatabase } from './open-sqlite-database.js';
import { createSqliteSchema } from './sqlite-schema.js';
import { retryWhileBusy } from './retry-while-busy.js';

/**
 * Options of {@link sqliteSessionStore}.
 *
 * @category SQLite
 */
export interface SqliteSessionStoreOptions {
  /** The database file (created with its folder when missing), or `':memory:'` for a private in-memory database. */
  readonly path: string;
  /**
   * Name of the sessions table; messages go in `<table>_messages`. Default `tandem_sessions`. Letters,
   * digits and `_` only. Lets several stores share one file.
   */
  readonly table?: string;
  /**
   * How long a call waits for another process's write to finish before failing with a
   * {@link SessionStoreError}. Default 5000. The wait does not block the event loop: the store tries again
   * on short timers (better-sqlite3 itself is synchronous, so its own busy wait would stall every timer and
   * socket of the process). Opening the file (schema set-up) still waits synchronously, once.
   */
  readonly busyTimeoutMs?: number;
  /**
   * `'normal'` (default): an append that resolved survives a crash of the process; the last appends
   * before a power loss or OS crash may be lost (the file stays consistent). `'full'`: appends also
   * survive a power loss, at the cost of an fsync per append.
   */
  readonly synchronous?: 'normal' | 'full';
}

interface SessionRow {
  readonly id: string;
  readonly created_at: number;
  readonly updated_at: number;
  readonly message_count: number;
}

/**
 * A `SessionStore` in a SQLite file (better-sqlite3): the embedded default. One row per message,
 * WAL mode, and safe for several processes on one file — each append is one `BEGIN IMMEDIATE`
 * transaction that numbers the session's messages, so appends keep their call order within a process
 * and their commit order across processes, and a process killed mid-append leaves nothing half-written.
 *
 * `updatedAt` values are unique within one file (an append in the same millisecond as the previous one
 * is stamped a millisecond later), so `list({ before })` pages without skipping sessions. The native
 * module loads when the first store is made, not when the package is imported.
 *
 * @throws SessionStoreError when better-sqlite3 cannot be loaded or the file cannot be opened.
 *
 * @example
 * ```ts
 * import { Agent } from '@tandem/core';
 * import { sqliteSessionStore } from '@tandem/sessions/sqlite';
 *
 * const store = sqliteSessionStore({ path: './data/sessions.db' });
 * const agent = new Agent({ tools, session: { store, id: 'user-42' } });
 * await agent.run(model, 'Where were we?').result;
 * await store.close();
 * ```
 *
 * @category SQLite
 */
export function sqliteSessionStore(options: SqliteSessionStoreOptions): SessionStore {
  if (typeof options?.path !== 'string' || options.path === '') {
    throw new TypeError('sqliteSessionStore(): pass { path } — the database file, e.g. "./data/sessions.db".');
  }
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  if (!Number.isInteger(busyTimeoutMs) || busyTimeoutMs < 0) {
    throw new TypeError(`sqliteSessionStore(): busyTimeoutMs must be a non-negative integer, got ${String(options.busyTimeoutMs)}.`);
  }
  const table = checkTableName('sqliteSessionStore() table', options.table ?? 'tandem_sessions');
  const tables = { sessions: table, messages: `${table}_messages` };
  const db = openSqliteDatabase({ path: options.path, busyTimeoutMs, synchronous: options.synchronous ?? 'normal' });
  try {
    createSqliteSchema(db, tables);
    // From now on a lock held elsewhere fails at once, and the store waits for it on timers instead.
    db.pragma('busy_timeout = 0');
  } catch (error) {
    db.close();
    throw failure('sqliteSessionStore() could not create its tables', error, busyTimeoutMs);
  }
  return new SqliteSessionStore(db, tables, busyTimeoutMs);
}

class SqliteSessionStore implements SessionStore {
  readonly #db: BetterSqlite3.Database;
  readonly #busyTimeoutMs: number;
  readonly #load: BetterSqlite3.Statement<[string], { seq: number; message: string }>;
  readonly #list: BetterSqlite3.Statement<[number, number], SessionRow>;
  readonly #appendTransaction: (id: string, rows: readonly string[]) => void;
  readonly #deleteTransaction: (id: string) => void;
  /** Every call runs after the previous one settled: call order holds while one waits for the lock. */
  #tail: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(db: BetterSqlite3.Database, tables: { sessions: string; messages: string }, busyTimeoutMs: number) {
    const { sessions, messages } = tables;
    this.#db = db;
    this.#busyTimeoutMs = busyTimeoutMs;
    this.#load = db.prepare(`SELECT seq, message FROM "${messages}" WHERE session_id = ? ORDER BY seq`);
    this.#list = db.prepare(
      `SELECT id, created_at, updated_at, message_count FROM "${sessions}" WHERE updated_at < ? ORDER BY updated_at DESC, id DESC LIMIT ?`,
    );
    const count = db.prepare<[string], { message_count: number }>(`SELECT message_count FROM "${sessions}" WHERE id = ?`);
    const latest = db.prepare<[], { latest: number | null }>(`SELECT max(updated_at) AS latest FROM "${sessions}"`);
    const insertSession = db.prepare<[string, number, number, number]>(
      `INSERT INTO "${sessions}" (id, created_at, updated_at, message_count) VALUES (?, ?, ?, ?)`,
    );
    const updateSession = db.prepare<[number, number, string]>(`UPDATE "${sessions}" SET updated_at = ?, message_count = ? WHERE id = ?`);
    const insertMessage = db.prepare<[string, number, string]>(`INSERT INTO "${messages}" (session_id, seq, message) VALUES (?, ?, ?)`);
    const deleteMessages = db.prepare<[string]>(`DELETE FROM "${messages}" WHERE session_id = ?`);
    const deleteSession = db.prepare<[string]>(`DELETE FROM "${sessions}" WHERE id = ?`);

    const append = db.transaction((id: string, rows: readonly string[]) => {
      const first = count.get(id)?.message_count;
      // Strictly increasing across the file, so list() has one order and paging by `before` skips nothing.
      const now = Math.max(Date.now(), (latest.get()?.latest ?? 0) + 1);
      if (first === undefined) insertSession.run(id, now, now, rows.length);
      else updateSession.run(now, first + rows.length, id);
      const start = first ?? 0;
      for (let i = 0; i < rows.length; i++) insertMessage.run(id, start + i, rows[i]!);
    });
    const remove = db.transaction((id: string) => {
      deleteMessages.run(id);
      deleteSession.run(id);
    });
    // BEGIN IMMEDIATE takes the write lock before reading the message count, so two processes never number alike.
    this.#appendTransaction = (id, rows) => append.immediate(id, rows);
    this.#deleteTransaction = (id) => remove.immediate(id);
  }

  async load(id: string): Promise<Message[]> {
    this.#check();
    checkSessionId('load', id);
    const rows = await this.#run(`load() of session ${JSON.stringify(id)}`, () => this.#load.all(id));
    return rows.map((row) => rowToMessage(row.message, { sessionId: id, seq: row.seq }));
  }

  async append(id: string, messages: readonly Message[]): Promise<void> {
    this.#check();
    checkSessionId('append', id);
    checkMessages(messages);
    if (messages.length === 0) return;
    const rows = messages.map(messageToRow);
    await this.#run(`append() to session ${JSON.stringify(id)}`, () => this.#appendTransaction(id, rows));
  }

  async list(options?: SessionListOptions): Promise<SessionInfo[]> {
    this.#check();
    const { limit, before } = checkListOptions(options);
    const rows = await this.#run('list()', () => this.#list.all(before?.getTime() ?? Number.MAX_SAFE_INTEGER, limit ?? -1));
    return rows.map((row) => ({
      id: row.id,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
      messageCount: row.message_count,
    }));
  }

  async delete(id: string): Promise<void> {
    this.#check();
    checkSessionId('delete', id);
    await this.#run(`delete() of session ${JSON.stringify(id)}`, () => this.#deleteTransaction(id));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    // A call waiting for the lock stops at its next try (SessionStoreClosedError); the rest have run.
    await this.#tail;
    this.#db.close();
  }

  #check(): void {
    if (this.#closed) throw new SessionStoreClosedError('SQLite');
  }

  /** Runs `operation` after every earlier call, waiting (on timers) for a write lock held elsewhere. */
  #run<T>(what: string, operation: () => T): Promise<T> {
    const stopped = (): Error | undefined => (this.#closed ? new SessionStoreClosedError('SQLite') : undefined);
    const result = this.#tail.then(() =>
      retryWhileBusy(operation, this.#busyTimeoutMs, stopped).catch((error: unknown) => {
        throw SessionStoreClosedError.isInstance(error) ? error : failure(`${what} failed`, error, this.#busyTimeoutMs);
      }),
    );
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

function failure(what: string, error: unknown, busyTimeoutMs: number): SessionStoreError {
  const code = (error as { code?: unknown } | null)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  const hint =
    code === 'SQLITE_BUSY'
      ? ` — another process held the database's write lock for more than busyTimeoutMs (${busyTimeoutMs} ms); retry, or raise busyTimeoutMs.`
      : code === 'SQLITE_READONLY'
        ? ' — the file is read-only for this process.'
        : code === 'SQLITE_FULL'
          ? ' — the disk is full.'
          : '.';
  return new SessionStoreError(`${what}: ${detail}${typeof code === 'string' ? ` (${code})` : ''}${hint}`, { cause: error });
}
