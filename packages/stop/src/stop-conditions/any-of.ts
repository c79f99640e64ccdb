import type { StopCondition, StopConditionState } from '@tandem/core';
import { assertConditions } from './assert-conditions.js';

/**
 * Stop condition: true when at least one of `conditions` is true. Conditions are evaluated in order and
 * awaited one at a time; evaluation stops at the first true one.
 *
 * `new Agent({ stopWhen: [a, b] })` means the same; `anyOf` is for nesting inside {@link allOf}.
 *
 * @throws TypeError when no condition is given or one is not a function.
 *
 * @example
 * ```ts
 * const agent = new Agent({ tools, stopWhen: anyOf(hasToolCall('done'), tokenBudget(20_000)) });
 * ```
 *
 * @category Stop conditions
 */
export function anyOf(...conditions: readonly StopCondition[]): StopCondition {
  assertConditions('anyOf', conditions);
  return async (state: StopConditionState) => {
    for (const condition of conditions) if (await condition(state)) return true;
    return false;
  };
}
