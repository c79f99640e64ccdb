import type { ConformanceTestApi, SessionStoreConformanceCase, SessionStoreConformanceOptions } from './conformance-options.js';
import { lifecycleCases } from './lifecycle-cases.js';
import { messageCases } from './message-cases.js';
import { approvalCases } from './approval-cases.js';

/**
 * Every behaviour a `SessionStore` must have, as plain async functions: run them with any test
 * framework (or none). {@link runSessionStoreConformance} registers them for you.
 *
 * @example
 * ```ts
 * for (const check of sessionStoreConformanceCases) {
 *   if (!check.needsReopen) await check.run({ makeStore: () => redisSessionStore({ url, prefix: randomUUID() }) });
 * }
 * ```
 *
 * @category Conformance suite
 */
export const sessionStoreConformanceCases: readonly SessionStoreConformanceCase[] = [...messageCases, ...approvalCases, ...lifecycleCases];

/**
 * Registers the session-store conformance suite under `describe(name)`: exact round trips (bytes,
 * unicode, large messages), order under concurrent appends, approval parts and a run paused for
 * approval that a new Agent resumes after a reload (unrepaired), listing and paging, delete, close, and —
 * with `reopen` — persistence and two connections over the same data. Every `@tandem/sessions` store
 * passes it; run it against your own store (Redis, DynamoDB, …) to check it does too.
 *
 * Pass your runner's `describe` and `it` (vitest, jest, mocha and `node:test` all work); assertions use
 * `node:assert`, so the suite adds no test-framework dependency.
 *
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { runSessionStoreConformance } from '@tandem/sessions/testing';
 *
 * runSessionStoreConformance('redis store', {
 *   describe,
 *   it,
 *   makeStore: () => redisSessionStore({ url: process.env.REDIS_URL!, prefix: `test-${crypto.randomUUID()}` }),
 *   reopen: (store) => redisSessionStore({ url: process.env.REDIS_URL!, prefix: prefixOf(store) }),
 * });
 * ```
 *
 * @category Conformance suite
 */
export function runSessionStoreConformance(name: string, options: SessionStoreConformanceOptions & ConformanceTestApi): void {
  const { describe, it } = options;
  describe(name, () => {
    for (const check of sessionStoreConformanceCases) {
      if (check.needsReopen === true && options.reopen === undefined) continue;
      it(check.name, () => check.run(options));
    }
  });
}
