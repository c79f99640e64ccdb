import type { StopCondition } from '@tandem/core';

/**
 * Throws a `TypeError` unless `conditions` is a non-empty list of functions.
 * @internal
 */
export function assertConditions(fn: string, conditions: readonly StopCondition[]): void {
  if (conditions.length === 0) throw new TypeError(`${fn}(): pass at least one stop condition.`);
  conditions.forEach((condition, index) => {
    if (typeof condition !== 'function') {
      throw new TypeError(`${fn}(): condition #${String(index + 1)} is ${typeof condition}, not a function.`);
    }
  });
}
