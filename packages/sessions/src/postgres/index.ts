/**
 * The PostgreSQL session store alone: `import { postgresSessionStore } from '@tandem/sessions/postgres'`.
 *
 * @packageDocumentation
 */
export {
  postgresSessionStore,
  type PostgresSessionStoreOptions,
  type PostgresConnectionStringOptions,
  type PostgresPoolOptions,
  type PostgresSessionStoreCommonOptions,
} from './postgres-session-store.js';
export type { PostgresPool, PostgresQueryResult } from './postgres-pool.js';
export { SessionStoreError } from '../errors/session-store-error.js';
export { SessionStoreClosedError } from '../errors/session-store-closed-error.js';
export { SessionDriverMissingError } from '../errors/session-driver-missing-error.js';
