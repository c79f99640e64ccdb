import type { Message, SessionInfo, SessionListOptions, SessionStore } from '@tandem/core';
import { SessionStoreClosedError } from '../errors/session-store-closed-error.js';
import { SessionStoreError } from '../errors/session-store-error.js';
import { checkListOptions, checkMessages, checkSessionId } from '../shared/check-arguments.js';
import { KeyedQueue } from '../shared/keyed-queue.js';
import { messageToRow, rowToMessage } from '../shared/message-row.js';
import { checkTableName } from '../shared/table-name.js';
import { createOwnedPool, type OwnedPool, type PostgresPool } from './postgres-pool.js';
import { postgresSchemaSql, postgresStatements } from './postgres-schema.js';

/**
 * Options shared by both ways of connecting.
 *
 * @category PostgreSQL
 */
export interface PostgresSessionStoreCommonOptions {
  /**
   * Name of the sessions table; messages go in `<table>_messages`. Default `tandem_sessions`. Letters,
   * digits and `_` only; created in the first schema of the connection's `search_path`.
   */
  readonly table?: string;
}

/**
 * Connect with a connection string: the store makes its own `pg.Pool` and ends it on `close()`.
 *
 * @category PostgreSQL
 */
export interface PostgresConnectionStringOptions extends PostgresSessionStoreCommonOptions {
  /** e.g. `postgresql://user:password@db.internal:5432/app` (libpq syntax, as `pg` reads it). */
  readonly connectionString: string;
  /** Connections in the pool. Default 10. */
  readonly max?: number;
  /** How long to wait for a connection before failing. Default 10 000 ms. */
  readonly connectTimeoutMs?: number;
  /** How long a query may take before it fails, so a stuck server never hangs a run or `close()`. Default 30 000 ms. */
  readonly queryTimeoutMs?: number;
}

/**
 * Use a pool you already have (a `pg.Pool`): the store never ends it; you do.
 *
 * @category PostgreSQL
 */
export interface PostgresPoolOptions extends PostgresSessionStoreCommonOptions {
  readonly pool: PostgresPool;
}

/**
 * Options of {@link postgresSessionStore}: a connection string or a pool.
 *
 * @category PostgreSQL
 */
export type PostgresSessionStoreOptions = PostgresConnectionStringOptions | PostgresPoolOptions;

interface SessionRow {
  readonly id: string;
  readonly created_at: Date | string;
  readonly updated_at: Date | string;
  readonly message_count: number | string;
}

/**
 * A `SessionStore` in PostgreSQL (`pg`), for conversations shared by many processes and machines.
 * The tables are created on first use (once, even when several processes start together). Each append is
 * one statement that locks the session's row and numbers its messages, so appends to one session keep
 * their call order within a store and their commit order across processes; a crash mid-append leaves
 * nothing half-written. `pg` is imported when the first query runs, never on import.
 *
 * Timestamps come from the database server's clock (millisecond precision), so all machines agree.
 *
 * @example
 * ```ts
 * import { Agent } from '@tandem/core';
 * import { postgresSessionStore } from '@tandem/sessions/postgres';
 *
 * const store = postgresSessionStore({ connectionString: process.env.DATABASE_URL! });
 * const agent = new Agent({ tools, session: { store, id: `user-${userId}` } });
 * await agent.run(model, 'And tomorrow?').result;
 * await store.close();
 * ```
 *
 * @category PostgreSQL
 */
export function postgresSessionStore(options: PostgresSessionStoreOptions): SessionStore {
  const table = checkTableName('postgresSessionStore() table', options?.table ?? 'tandem_sessions');
  const tables = { sessions: table, messages: `${table}_messages` };
  if ('pool' in options && options.pool !== undefined) {
    if (typeof options.pool.query !== 'function') throw new TypeError('postgresSessionStore(): pool must be a pg.Pool (an object with query()).');
    const pool = options.pool;
    return new PostgresSessionStore(() => Promise.resolve(pool), false, tables);
  }
  const connection = options as PostgresConnectionStringOptions;
  if (typeof connection.connectionString !== 'string' || connection.connectionString === '') {
    throw new TypeError('postgresSessionStore(): pass { connectionString } (e.g. "postgresql://user@host:5432/db") or { pool }.');
  }
  const settings = {
    connectionString: connection.connectionString,
    max: positive('max', connection.max, 10),
    connectTimeoutMs: positive('connectTimeoutMs', connection.connectTimeoutMs, 10_000),
    queryTimeoutMs: positive('queryTimeoutMs', connection.queryTimeoutMs, 30_000),
  };
  return new PostgresSessionStore(() => createOwnedPool(settings), true, tables);
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value <= 0) throw new TypeError(`postgresSessionStore(): ${name} must be a positive integer, got ${String(value)}.`);
  return value;
}

class PostgresSessionStore implements SessionStore {
  readonly #makePool: () => Promise<PostgresPool>;
  readonly #ownsPool: boolean;
  #pool: Promise<PostgresPool> | undefined;
  readonly #schema: string;
  readonly #sql: ReturnType<typeof postgresStatements>;
  readonly #queue = new KeyedQueue();
  readonly #inFlight = new Set<Promise<void>>();
  #ready: Promise<void> | undefined;
  #closed = false;
  #closing: Promise<void> | undefined;

  /** `makePool` runs on the first query (so `pg` is imported only then); `ownsPool`: end it on close. */
  constructor(makePool: () => Promise<PostgresPool>, ownsPool: boolean, tables: { sessions: string; messages: string }) {
    this.#makePool = makePool;
    this.#ownsPool = ownsPool;
    this.#schema = postgresSchemaSql(tables);
    this.#sql = postgresStatements(tables);
  }

  async load(id: string): Promise<Message[]> {
    this.#check();
    checkSessionId('load', id);
    const rows = (await this.#queue.run(id, () => this.#query(`load() of session ${JSON.stringify(id)}`, this.#sql.load, [id]))) as {
      seq: number;
      message: string;
    }[];
    return rows.map((row) => rowToMessage(row.message, { sessionId: id, seq: row.seq }));
  }

  async append(id: string, messages: readonly Message[]): Promise<void> {
    this.#check();
    checkSessionId('append', id);
    checkMessages(messages);
    if (messages.length === 0) return;
    const rows = messages.map(messageToRow);
    await this.#queue.run(id, () => this.#query(`append() to session ${JSON.stringify(id)}`, this.#sql.append, [id, rows]));
  }

  async list(options?: SessionListOptions): Promise<SessionInfo[]> {
    this.#check();
    const { limit, before } = checkListOptions(options);
    const rows = (await this.#query('list()', this.#sql.list, [before ?? null, limit ?? null])) as SessionRow[];
    return rows.map((row) => ({
      id: row.id,
      createdAt: toDate(row.created_at),
      updatedAt: toDate(row.updated_at),
      messageCount: Number(row.message_count),
    }));
  }

  async delete(id: string): Promise<void> {
    this.#check();
    checkSessionId('delete', id);
    await this.#queue.run(id, () => this.#query(`delete() of session ${JSON.stringify(id)}`, this.#sql.delete, [id]));
  }

  /** Waits for the operations already called, then ends the pool when the store made it. */
  close(): Promise<void> {
    this.#closed = true;
    this.#closing ??= (async () => {
      await this.#queue.idle();
      await Promise.all(this.#inFlight);
      if (!this.#ownsPool || this.#pool === undefined) return;
      const owned = (await this.#pool.catch(() => undefined)) as OwnedPool | undefined;
      await owned?.end();
    })();
    return this.#closing;
  }

  #check(): void {
    if (this.#closed) throw new SessionStoreClosedError('PostgreSQL');
  }

  /** Runs one statement; `close()` waits for every statement in flight. */
  #query(what: string, text: string, values: unknown[]): Promise<readonly unknown[]> {
    const running = this.#execute(what, text, values);
    const settled = running.then(
      () => undefined,
      () => undefined,
    );
    this.#inFlight.add(settled);
    void settled.then(() => this.#inFlight.delete(settled));
    return running;
  }

  async #execute(what: string, text: string, values: unknown[]): Promise<readonly unknown[]> {
    let pool: PostgresPool;
    try {
      // A failed pool creation (pg missing) is retried by the next operation.
      this.#pool ??= this.#makePool().catch((error: unknown) => {
        this.#pool = undefined;
        throw error;
      });
      pool = await this.#pool;
      await this.#ensureSchema(pool);
      return (await pool.query(text, values)).rows;
    } catch (error) {
      throw SessionStoreError.isInstance(error) ? error : failure(`${what} failed`, error);
    }
  }

  /** Creates the tables on first use; a failure is reported and retried by the next operation. */
  #ensureSchema(pool: PostgresPool): Promise<void> {
    this.#ready ??= pool.query(this.#schema).then(
      () => undefined,
      (error: unknown) => {
        this.#ready = undefined;
        throw failure('postgresSessionStore() could not create its tables', error);
      },
    );
    return this.#ready;
  }
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

function failure(what: string, error: unknown): SessionStoreError {
  const code = (error as { code?: unknown } | null)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  const hint =
    code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT'
      ? ' — PostgreSQL could not be reached; check the host and port of the connection string and that the server is running.'
      : code === '28P01' || code === '28000'
        ? ' — PostgreSQL refused the credentials of the connection string.'
        : code === '42501'
          ? ' — the database user lacks a privilege the store needs (CREATE on the schema for the first run, then SELECT/INSERT/UPDATE/DELETE on its tables).'
          : /timeout/i.test(detail)
            ? ' — the query timed out (queryTimeoutMs); the server is slow or stuck.'
            : '.';
  return new SessionStoreError(`${what}: ${detail}${typeof code === 'string' ? ` (${code})` : ''}${hint}`, { cause: error });
}
