interface Resolvers<T> {
  promise: Promise<T>;
  resolve: (value: T | PromiseLike<T>) => void;
  reject: (reason?: unknown) => void;
}

/**
 * Installs `Promise.withResolvers` (ES2024) where the runtime lacks it — Node 20 does — because the Restate
 * SDK calls it for every durable promise. A no-op on Node 22 and later. `restateAgent()` calls this itself;
 * call it first only if your worker uses the Restate SDK on Node 20 before creating any `restateAgent`.
 *
 * The polyfill is the minimal spec behaviour: `{ promise, resolve, reject }` of a new promise made with `this`
 * as the constructor (so subclasses get instances of themselves), defined non-enumerable like the built-in.
 *
 * @example
 * ```ts
 * import { ensurePromiseWithResolvers } from '@tandem/restate';
 * ensurePromiseWithResolvers();   // before any other use of @restatedev/restate-sdk on Node 20
 * ```
 *
 * @category Utilities
 */
export function ensurePromiseWithResolvers(): void {
  const PromiseCtor = Promise as PromiseConstructor & { withResolvers?: unknown };
  if (typeof PromiseCtor.withResolvers === 'function') return;
  Object.defineProperty(Promise, 'withResolvers', {
    value: function withResolvers<T>(this: PromiseConstructor): Resolvers<T> {
      let resolve!: Resolvers<T>['resolve'];
      let reject!: Resolvers<T>['reject'];
      const promise = new this<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
    writable: true,
    configurable: true,
    enumerable: false,
  });
}
