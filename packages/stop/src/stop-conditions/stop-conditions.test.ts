import { describe, expect, it } from 'vitest';
import { Agent, type FunctionTool, type StopCondition, userMessage } from '@tandem/core';
import { ScriptedModel, toolCallResponse } from '@tandem/core/testing';
import { allOf, anyOf, hasToolCall, stepCountIs, tokenBudget } from '../index.js';

function echoTool(name: string): FunctionTool {
  return {
    kind: 'function',
    name,
    description: `The ${name} tool.`, inputSchema: { type: 'object' },
    execute: () => `${name} ok`,
  };
}

const tools = [echoTool('lookup'), echoTool('finish')];

/** A model that calls the named tool at each step (the last name repeats), forever. */
function callingModel(names: readonly string[]): ScriptedModel {
  return new ScriptedModel({
    responses: (_request, index) =>
      toolCallResponse([{ name: names[Math.min(index, names.length - 1)]!, input: {} }], {
        usage: { inputTokens: 10, outputTokens: 5 },
      }),
  });
}

async function run(stopWhen: StopCondition | readonly StopCondition[], names: readonly string[], maxSteps = 20) {
  const model = callingModel(names);
  const result = await new Agent({ tools, stopWhen, maxSteps }).run(model, [userMessage('Go.')]).result;
  return { model, result };
}

describe('stop conditions', () => {
  it('stepCountIs(n) ends after n steps with endTurn, their tools recorded', async () => {
    const { model, result } = await run(stepCountIs(2), ['lookup']);
    expect(model.requests).toHaveLength(2);
    expect(result.stopReason).toBe('endTurn');
    expect(result.steps).toHaveLength(2);
    expect(result.messages.at(-1)?.role).toBe('tool');
  });

  it('hasToolCall(name) ends after the step that called it', async () => {
    const { model, result } = await run(hasToolCall('finish'), ['lookup', 'lookup', 'finish']);
    expect(model.requests).toHaveLength(3);
    expect(result.stopReason).toBe('endTurn');
    expect(result.steps.at(-1)?.toolCalls.map((c) => c.toolName)).toEqual(['finish']);
  });

  it('tokenBudget(n) ends once input + output tokens reach n', async () => {
    // 15 tokens per step: 15 < 40, 30 < 40, 45 >= 40.
    const { model, result } = await run(tokenBudget(40), ['lookup']);
    expect(model.requests).toHaveLength(3);
    expect(result.stopReason).toBe('endTurn');
    expect(result.usage.inputTokens + result.usage.outputTokens).toBe(45);
    const exact = await run(tokenBudget(30), ['lookup']);
    expect(exact.model.requests).toHaveLength(2);
  });

  it('anyOf(...) ends when any condition holds', async () => {
    const { model } = await run(anyOf(hasToolCall('never_called'), stepCountIs(3)), ['lookup']);
    expect(model.requests).toHaveLength(3);
    const early = await run(anyOf(stepCountIs(5), hasToolCall('finish')), ['lookup', 'finish']);
    expect(early.model.requests).toHaveLength(2);
  });

  it('allOf(...) ends only when every condition holds at once', async () => {
    // Step 1 calls finish but is step 1; step 2 is step 2 but calls lookup; step 3 satisfies both.
    const { model, result } = await run(allOf(stepCountIs(2), hasToolCall('finish')), ['finish', 'lookup', 'finish']);
    expect(model.requests).toHaveLength(3);
    expect(result.stopReason).toBe('endTurn');
  });

  it('anyOf/allOf await async conditions', async () => {
    const asyncTrueAtStep2: StopCondition = async ({ steps }) => {
      await Promise.resolve();
      return steps.length === 2;
    };
    const { model } = await run(allOf(asyncTrueAtStep2, anyOf(async () => false, hasToolCall('lookup'))), ['lookup']);
    expect(model.requests).toHaveLength(2);
  });

  it('maxSteps stays the hard cap', async () => {
    const { model, result } = await run(stepCountIs(10), ['lookup'], 3);
    expect(model.requests).toHaveLength(3);
    expect(result.stopReason).toBe('maxSteps');
  });

  it('rejects invalid arguments at construction', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, '3']) {
      expect(() => stepCountIs(bad as number)).toThrow(RangeError);
      expect(() => tokenBudget(bad as number)).toThrow(RangeError);
    }
    expect(() => hasToolCall('')).toThrow(TypeError);
    expect(() => anyOf()).toThrow(TypeError);
    expect(() => allOf()).toThrow(TypeError);
    expect(() => anyOf('x' as unknown as StopCondition)).toThrow(TypeError);
  });
});
