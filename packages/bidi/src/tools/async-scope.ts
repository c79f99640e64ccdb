/** The part of `AsyncLocalStorage` the bidi agent uses. @internal */
export interface AsyncScope<T> {
  run<R>(value: T, fn: () => R): R;
  getStore(): T | undefined;
}

type AsyncLocalStorageClass = new <T>() => AsyncScope<T>;

/**
 * An async-context scope: Node's `AsyncLocalStorage` where the runtime has it (Node, Deno, Bun — loaded with
 * `process.getBuiltinModule`, never imported, so the main entry bundles for browsers), else a scope that holds
 * the value only for the synchronous part of `fn`. What depends on it degrades, never breaks: in a browser,
 * `agent.cancel()` from inside a tool acts at once, as a cancel from outside does.
 * @internal
 */
export function asyncScope<T>(): AsyncScope<T> {
  const hooks = nodeAsyncHooks();
  if (hooks !== undefined) return new hooks.AsyncLocalStorage<T>();
  let current: T | undefined;
  return {
    run<R>(value: T, fn: () => R): R {
      const previous = current;
      current = value;
      try {
        return fn();
      } finally {
        current = previous;
      }
    },
    getStore: () => current,
  };
}

function nodeAsyncHooks(): { AsyncLocalStorage: AsyncLocalStorageClass } | undefined {
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    return runtime?.getBuiltinModule?.('node:async_hooks') as { AsyncLocalStorage: AsyncLocalStorageClass } | undefined;
  } catch {
    return undefined;
  }
}
