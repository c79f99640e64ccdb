import { describe, expectTypeOf, it } from 'vitest';
import { Agent, type AggregatorClass, type FunctionTool, type Tool } from '@tandem/core';
import { ScriptedModel } from '@tandem/core/testing';
import {
  StatusAggregator,
  SubAgentAggregator,
  TextAggregator,
  subAgentTool,
  type SubAgentBundle,
  type SubAgentPromptInput,
} from './index.js';

describe('types', () => {
  it('built-in aggregators fit the aggregator option of a core tool', () => {
    expectTypeOf(TextAggregator).toExtend<AggregatorClass<string, string>>();
    expectTypeOf(StatusAggregator).toExtend<AggregatorClass>();
    expectTypeOf(SubAgentAggregator).toExtend<AggregatorClass>();
  });

  it('subAgentTool infers its input type and is a core Tool', () => {
    const model = new ScriptedModel({ responses: [] });
    const byPrompt = subAgentTool(new Agent(), model, { name: 'a', description: 'A.' });
    expectTypeOf(byPrompt).toEqualTypeOf<FunctionTool<SubAgentPromptInput, SubAgentBundle>>();
    expectTypeOf(byPrompt).toExtend<Tool>();
    const custom = subAgentTool(new Agent(), model, {
      name: 'b',
      description: 'B.',
      input: { params: {}, toMessages: (input: { ticket: number }) => String(input.ticket) },
    });
    expectTypeOf(custom).toEqualTypeOf<FunctionTool<{ ticket: number }, SubAgentBundle>>();
  });
});
