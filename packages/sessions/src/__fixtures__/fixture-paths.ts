import { fileURLToPath } from 'node:url';

/** Where the global setup bundles the child-process fixtures (plain `node` runs them). */
export const APPEND_WORKER = fileURLToPath(new URL('../../node_modules/.cache/tandem-sessions/append-worker.mjs', import.meta.url));
export const CRASH_AGENT = fileURLToPath(new URL('../../node_modules/.cache/tandem-sessions/crash-agent.mjs', import.meta.url));
export const MISSING_DRIVERS_PROBE = fileURLToPath(new URL('../../node_modules/.cache/tandem-sessions/missing-drivers-probe.mjs', import.meta.url));
/** A preload that makes better-sqlite3 and pg look uninstalled. */
export const HIDE_DRIVERS = fileURLToPath(new URL('./hide-drivers.mjs', import.meta.url));
export const IMPORT_PROBE = fileURLToPath(new URL('../../node_modules/.cache/tandem-sessions/import-probe.mjs', import.meta.url));
