// Runs one compiled docs block in a worker thread: no network but loopback, then the block's module, then
// any tests it defined (through the vitest stand-in). Reports `{ ok }` or `{ ok: false, error }`.
import { parentPort, workerData } from 'node:worker_threads';
import { collected } from './collected.js';

const { url } = workerData as { readonly url: string };
const realFetch = globalThis.fetch;

globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
  const target = new URL(input instanceof Request ? input.url : input.toString());
  if (['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) return realFetch(input, init);
  return Promise.reject(new TypeError(`fetch failed: docs blocks run offline (${target.origin})`));
};

async function main(): Promise<void> {
  await import(url);
  const { tests, beforeAll, afterAll, beforeEach, afterEach } = collected();
  for (const hook of beforeAll) await hook();
  try {
    for (const test of tests) {
      for (const hook of beforeEach) await hook();
      try {
        await test.fn();
      } catch (error) {
        throw new Error(`test "${test.name}" failed: ${describeError(error)}`, { cause: error });
      } finally {
        for (const hook of afterEach) await hook();
      }
    }
  } finally {
    for (const hook of afterAll) await hook();
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

main().then(
  () => parentPort?.postMessage({ ok: true }),
  (error: unknown) =>
    parentPort?.postMessage({ ok: false, error: error instanceof Error ? (error.stack ?? describeError(error)) : String(error) }),
);
