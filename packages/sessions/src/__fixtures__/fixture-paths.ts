import { fileURLToPath } from 'node:url';

/** Where the global setup bundles the child-process fixtures (plain `node` runs them). */
export const APPEND_WORKER = fileURLToPath(new URL('../../node_modules/.cache/tandem-sessions/append-worker.mjs', import.meta.url));
export const CRASH_AGENT = fileURLToPath(new URL('../../node_modules/.cache/tandem-sessions/crash-agent.mjs', import.meta.url));
export const IMPORT_PROBE = fileURLToPath(new URL('../../node_modules/.cache/tandem-sessions/import-probe.mjs', import.meta.url));
