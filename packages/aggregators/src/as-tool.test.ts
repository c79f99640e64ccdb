import { describe, expect, it } from 'vitest';
import { Agent } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { SubAgentAggregator, promptInput, subAgentTool } from './index.js';

describe('subAgentTool() and agent.asTool() are one implementation', () => {
  it('share the aggregator, the default { prompt } input and the result shape', async () => {
    const helper = new Agent({ name: 'helper', description: 'Helps.' });
    const inner = new ScriptedModel({ responses: [textResponse('Helped.'), textResponse('Helped again.')] });
    const viaFunction = subAgentTool(helper, inner, { name: 'helper', description: 'Helps.' });
    const viaMethod = helper.asTool({ model: inner });
    expect(viaMethod.aggregator).toBe(SubAgentAggregator);
    expect(viaFunction.aggregator).toBe(SubAgentAggregator);
    expect(viaMethod.inputSchema).toEqual(promptInput.inputSchema);
    expect(viaFunction.inputSchema).toEqual(viaMethod.inputSchema);
    const texts: unknown[] = [];
    for (const tool of [viaFunction, viaMethod]) {
      const outer = new ScriptedModel({ responses: [toolCallResponse([{ name: 'helper', id: 'X', input: { prompt: 'go' } }]), textResponse('ok')] });
      const result = await new Agent({ tools: [tool] }).run(outer, 'q').result;
      texts.push(result.messages[2]?.parts[0]);
    }
    expect(texts).toEqual([
      expect.objectContaining({ status: 'success', modelInput: { type: 'text', value: 'Helped.' } }),
      expect.objectContaining({ status: 'success', modelInput: { type: 'text', value: 'Helped again.' } }),
    ]);
  });
});
