/**
 * The SQLite session store alone: `import { sqliteSessionStore } from '@tandem/sessions/sqlite'`.
 *
 * @packageDocumentation
 */
export { sqliteSessionStore, type SqliteSessionStoreOptions } from './sqlite-session-store.js';
export { SessionStoreError } from '../errors/session-store-error.js';
export { SessionStoreClosedError } from '../errors/session-store-closed-error.js';
export { SessionDriverMissingError } from '../errors/session-driver-missing-error.js';
