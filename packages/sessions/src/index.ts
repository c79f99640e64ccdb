/**
 * Tandem sessions: conversations that survive restarts. `sqliteSessionStore()` (embedded, the default)
 * and `postgresSessionStore()` (many processes and machines) implement the `SessionStore` interface of
 * `@tandem/core`; `@tandem/sessions/testing` has the conformance suite for your own store. Neither
 * database driver loads until a store is made, and both are optional peer dependencies: install
 * `better-sqlite3` or `pg` for the store you use (a missing one is a `SessionDriverMissingError`).
 *
 * @packageDocumentation
 */
export { sqliteSessionStore, type SqliteSessionStoreOptions } from './sqlite/sqlite-session-store.js';
export {
  postgresSessionStore,
  type PostgresSessionStoreOptions,
  type PostgresConnectionStringOptions,
  type PostgresPoolOptions,
  type PostgresSessionStoreCommonOptions,
} from './postgres/postgres-session-store.js';
export type { PostgresPool, PostgresQueryResult } from './postgres/postgres-pool.js';
export { SessionStoreError } from './errors/session-store-error.js';
export { SessionStoreClosedError } from './errors/session-store-closed-error.js';
export { SessionDriverMissingError } from './errors/session-driver-missing-error.js';
