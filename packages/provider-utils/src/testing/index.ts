/**
 * Test helpers for provider streams: a network-free `fetch` that streams chosen bytes in chosen pieces,
 * a byte splitter for fuzzing chunk boundaries, and a check that a secret shows nowhere in an error.
 *
 * @packageDocumentation
 */
export { streamingFetch, type StreamingFetchOptions } from './streaming-fetch.js';
export { splitBytes } from './split-bytes.js';
export { secretLeaks } from './secret-leaks.js';
export { applyMutations, INVALID_UTF8, type ByteMutation } from './mutate-bytes.js';
