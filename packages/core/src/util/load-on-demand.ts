/**
 * A loader for a module the package imports only when it is first needed (so a bundler gives it a chunk of
 * its own): `load` runs once and its promise is shared; a failed load is forgotten, so the next call tries
 * again, and rejects with the error `failure` makes of the cause (say what failed and what to check).
 *
 * @example
 * ```ts
 * import { loadOnDemand } from '@tandem/core/runtime';
 * const loadParser = loadOnDemand(() => import('./big-parser.js'), (cause) => new Error(`loading the parser failed: ${String(cause)}`));
 * const { parse } = await loadParser();
 * ```
 *
 * @category Utilities
 */
export function loadOnDemand<T>(load: () => Promise<T>, failure: (cause: unknown) => Error): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((cause: unknown) => {
      loading = undefined;
      throw failure(cause);
    }));
}
