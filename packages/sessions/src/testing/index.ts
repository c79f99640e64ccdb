/**
 * The conformance suite every `SessionStore` passes — the stores of `@tandem/sessions`, the memory store
 * of `@tandem/core`, and yours. Uses `node:assert`; works with vitest, jest, mocha and `node:test`.
 *
 * @packageDocumentation
 */
export { runSessionStoreConformance, sessionStoreConformanceCases } from './run-session-store-conformance.js';
export type { SessionStoreConformanceOptions, SessionStoreConformanceCase, ConformanceTestApi } from './conformance-options.js';
export { sampleConversation } from './sample-messages.js';
