import { messageToJson, type Message, type SessionStore } from '@tandem/core';
import assert from 'node:assert/strict';
import type { SessionStoreConformanceOptions } from './conformance-options.js';

/** Runs `body` with a fresh store and always closes it. */
export async function withStore(options: SessionStoreConformanceOptions, body: (store: SessionStore) => Promise<void>): Promise<void> {
  const store = await options.makeStore();
  try {
    await body(store);
  } finally {
    await store.close();
  }
}

/**
 * Asserts that `actual` are the `expected` messages exactly: the same structure and classes
 * (`Uint8Array` bytes, `URL`s) and the same content (bytes and hrefs compared through their JSON form).
 */
export function assertSameMessages(actual: readonly Message[], expected: readonly Message[], what: string): void {
  assert.ok(Array.isArray(actual), `${what}: load() must resolve to an array`);
  assert.equal(actual.length, expected.length, `${what}: number of messages`);
  assert.deepStrictEqual(actual.map(messageToJson), expected.map(messageToJson), `${what}: message content`);
  assert.deepStrictEqual(actual, expected, `${what}: message structure (Uint8Array and URL values must come back as such)`);
}

/**
 * Waits until the clock has moved to a later millisecond, so that the next write gets a later
 * `updatedAt` than the previous one. (Stores stamp writes with millisecond precision; the suite assumes
 * the store's clock is this machine's.)
 */
export async function nextMillisecond(): Promise<void> {
  const start = Date.now();
  while (Date.now() <= start) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** Expects `call` to reject (or throw). */
export async function assertRejects(call: () => Promise<unknown>, what: string): Promise<void> {
  let failed = false;
  try {
    await call();
  } catch {
    failed = true;
  }
  assert.ok(failed, `${what} must reject`);
}
