import { describe, expectTypeOf, it } from 'vitest';
import type { FunctionTool, StopCondition, Tool } from '@tandem/core';
import { allOf, anyOf, hasToolCall, makeStop, stepCountIs, stop, tokenBudget, type StopInput } from './index.js';

describe('types', () => {
  it('the stop tool is a core function tool', () => {
    expectTypeOf(stop).toEqualTypeOf<FunctionTool<StopInput, string>>();
    expectTypeOf(makeStop()).toExtend<Tool>();
  });

  it('every condition builder returns a core StopCondition', () => {
    expectTypeOf(stepCountIs(1)).toEqualTypeOf<StopCondition>();
    expectTypeOf(hasToolCall('x')).toEqualTypeOf<StopCondition>();
    expectTypeOf(tokenBudget(1)).toEqualTypeOf<StopCondition>();
    expectTypeOf(anyOf(stepCountIs(1))).toEqualTypeOf<StopCondition>();
    expectTypeOf(allOf(stepCountIs(1))).toEqualTypeOf<StopCondition>();
  });
});
