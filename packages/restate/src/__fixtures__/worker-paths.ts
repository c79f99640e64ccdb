/** Where the global setup bundles the worker fixture (beside this package's dependencies, so they resolve). */
export const WORKER_BUNDLE = new URL('../../node_modules/.cache/tandem-restate/worker.mjs', import.meta.url).pathname;
