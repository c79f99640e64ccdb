import type { StopCondition } from '@tandem/core';
import { assertPositiveInteger } from './assert-positive-integer.js';

/**
 * Stop condition: ends the run once the tokens used so far (input + output, summed over every model call
 * of the run) reach `maxTokens`.
 *
 * It is checked after a step, so the step that crosses the budget completes: the budget is a soft
 * limit, overshot by at most one model call. Pair it with `maxOutputTokens` for a hard per-call bound.
 *
 * @throws RangeError when `maxTokens` is not a positive integer.
 *
 * @example
 * ```ts
 * const agent = new Agent({ tools, stopWhen: tokenBudget(50_000) });
 * ```
 *
 * @category Stop conditions
 */
export function tokenBudget(maxTokens: number): StopCondition {
  assertPositiveInteger('tokenBudget', 'maxTokens', maxTokens);
  return ({ usage }) => usage.inputTokens + usage.outputTokens >= maxTokens;
}
