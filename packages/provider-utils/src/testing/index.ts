/**
 * Test helpers for provider streams: a network-free `fetch` that streams chosen bytes in chosen pieces,
 * a byte splitter for fuzzing chunk boundaries, a check that a secret shows nowhere in an error, a fuzz
 * suite for a provider's stream parser (`runStreamFuzz`, with fast-check), and `modulesLoadedBy` to test
 * that importing a package stays light.
 *
 * @packageDocumentation
 */
export { streamingFetch, type StreamingFetchOptions } from './streaming-fetch.js';
export { splitBytes } from './split-bytes.js';
export { secretLeaks } from './secret-leaks.js';
export { applyMutations, INVALID_UTF8, type ByteMutation } from './mutate-bytes.js';
export { runStreamFuzz, sseFixtureEvents, type StreamFuzzOptions, type StreamFuzzTestApi } from './run-stream-fuzz.js';
export { modulesLoadedBy } from './modules-loaded-by.js';
