import type { Message } from '../spec/message/v1/message.js';

/**
 * One stored conversation, as {@link SessionStore.list} reports it.
 *
 * @category Sessions
 */
export interface SessionInfo {
  readonly id: string;
  /** When the first message was appended. */
  readonly createdAt: Date;
  /** When the last message was appended. */
  readonly updatedAt: Date;
  readonly messageCount: number;
}

/**
 * Options of {@link SessionStore.list}.
 *
 * @category Sessions
 */
export interface SessionListOptions {
  /** At most this many sessions. */
  readonly limit?: number;
  /** Only sessions last updated strictly before this time (for paging: pass the last `updatedAt` seen). */
  readonly before?: Date;
}

/**
 * Where conversations are kept between runs and across restarts. `@tandem/sessions` has SQLite and
 * PostgreSQL stores; {@link memorySessionStore} keeps them in memory; any other backend implements this
 * interface and can check itself with the conformance suite in `@tandem/sessions/testing`.
 *
 * Contract:
 * - `load(id)` returns the messages appended to `id`, in order, exactly as written (bytes included);
 *   `[]` for an unknown id.
 * - `append(id, messages)` is durable when it resolves; appends to one session keep their call order
 *   within a store and commit order across processes.
 * - `list()` is newest first (by `updatedAt`); `delete(id)` removes a session (no error if absent).
 * - `close()` releases connections and files; the store is unusable afterwards.
 *
 * @example
 * ```ts
 * const store = memorySessionStore();
 * const agent = new Agent({ tools, session: { store, id: 'user-42' } });
 * await agent.run(model, 'Hi again!').result;   // history loaded first, each message appended as it is added
 * ```
 *
 * @category Sessions
 */
export interface SessionStore {
  load(id: string): Promise<Message[]>;
  append(id: string, messages: readonly Message[]): Promise<void>;
  list(options?: SessionListOptions): Promise<SessionInfo[]>;
  delete(id: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A conversation to load before a run and to append to as it goes: `new Agent({ session })`,
 * `agent.run(model, input, { session })` or `new BidiAgent({ session })`.
 *
 * @example
 * ```ts
 * const session: SessionOptions = { store: sqliteSessionStore({ path: 'chat.db' }), id: 'user-42' };
 * ```
 *
 * @category Sessions
 */
export interface SessionOptions {
  readonly store: SessionStore;
  readonly id: string;
}
