import type { StopCondition, StopConditionState } from '@tandem/core';
import { assertConditions } from './assert-conditions.js';

/**
 * Stop condition: true when every one of `conditions` is true. Conditions are evaluated in order and
 * awaited one at a time; evaluation stops at the first false one.
 *
 * @throws TypeError when no condition is given (an empty `allOf` would stop every run at once) or one is
 * not a function.
 *
 * @example
 * ```ts
 * // Stop once at least 3 steps ran AND the latest one called `save`.
 * const agent = new Agent({ tools, stopWhen: allOf(stepCountIs(3), hasToolCall('save')) });
 * ```
 *
 * @category Stop conditions
 */
export function allOf(...conditions: readonly StopCondition[]): StopCondition {
  assertConditions('allOf', conditions);
  return async (state: StopConditionState) => {
    for (const condition of conditions) if (!(await condition(state))) return false;
    return true;
  };
}
