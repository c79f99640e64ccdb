/**
 * Checks an optional duration option: absent, or a finite number of milliseconds above 0 (at 0 or above
 * when `zero` is allowed). Throws a `TypeError` that starts with `what`. @internal
 */
export function assertDuration(what: string, value: unknown, zero = false): void {
  if (value === undefined || (typeof value === 'number' && Number.isFinite(value) && (zero ? value >= 0 : value > 0))) return;
  throw new TypeError(`${what} must be a ${zero ? 'non-negative' : 'positive'} number of milliseconds, got ${String(value)}.`);
}

