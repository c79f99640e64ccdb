import type { StopCondition } from '@tandem/core';
import { assertPositiveInteger } from './assert-positive-integer.js';

/**
 * Stop condition: ends the run once `count` steps (model calls) have run.
 *
 * Core checks stop conditions after every step that ran tools, so the run ends after step `count`'s tools
 * are recorded, with `stopReason: 'endTurn'` and no further model call. A run whose model answers without
 * tools ends on its own earlier. `maxSteps` stays the hard cap (`stopReason: 'maxSteps'`).
 *
 * @throws RangeError when `count` is not a positive integer.
 *
 * @example
 * ```ts
 * const agent = new Agent({ tools, stopWhen: stepCountIs(3) });
 * ```
 *
 * @category Stop conditions
 */
export function stepCountIs(count: number): StopCondition {
  assertPositiveInteger('stepCountIs', 'count', count);
  return ({ steps }) => steps.length >= count;
}
