/** True for anything with a `then` method (a promise or thenable). @internal */
export function isPromiseLike<T>(value: unknown): value is PromiseLike<T> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
