/**
 * Throws a `RangeError` naming the function and parameter unless `value` is a positive integer.
 * @internal
 */
export function assertPositiveInteger(fn: string, parameter: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
    throw new RangeError(`${fn}(): ${parameter} must be a positive integer; got ${shown} (${typeof value}).`);
  }
}
