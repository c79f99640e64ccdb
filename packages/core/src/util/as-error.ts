/**
 * `value` when it is an `Error`; else an `Error` whose message is `String(value)` (so it reads
 * `Error: 42`), with the value as its `cause`. Never throws. @internal
 *
 * @example
 * ```ts
 * String(asError(42));   // 'Error: 42'
 * ```
 */
export function asError(value: unknown): Error {
  if (value instanceof Error) return value;
  let text: string;
  try {
    text = String(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return new Error(text, { cause: value });
}
