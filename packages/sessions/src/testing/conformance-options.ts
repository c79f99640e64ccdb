import type { SessionStore } from '@tandem/core';

/**
 * How the conformance suite gets stores to test.
 *
 * @category Conformance suite
 */
export interface SessionStoreConformanceOptions {
  /** A new, empty store for one test. The suite closes it at the end of the test. */
  makeStore(): SessionStore | Promise<SessionStore>;
  /**
   * For stores that persist: another store over the same data as `store` (a new connection, as another
   * process would open). The suite may call it while `store` is open or after closing it, and closes
   * what it returns. Without it, the persistence cases are left out.
   */
  reopen?(store: SessionStore): SessionStore | Promise<SessionStore>;
}

/**
 * The test-registration functions of your runner. Those of vitest, jest, mocha and `node:test` all fit:
 * the suite calls `describe(name, body)` and `it(name, body)` with two arguments only, and asserts with
 * `node:assert`, so it needs no particular test framework. Set timeouts in your runner's configuration
 * (the large-message case writes a few megabytes).
 *
 * @category Conformance suite
 */
export interface ConformanceTestApi {
  describe(name: string, body: () => void): unknown;
  it(name: string, body: () => Promise<void>): unknown;
}

/**
 * One behaviour every `SessionStore` must have.
 *
 * @category Conformance suite
 */
export interface SessionStoreConformanceCase {
  readonly name: string;
  /** Needs {@link SessionStoreConformanceOptions.reopen}; left out without it. */
  readonly needsReopen?: boolean;
  run(options: SessionStoreConformanceOptions): Promise<void>;
}
