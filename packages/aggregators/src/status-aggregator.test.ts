import { describe, expect, it } from 'vitest';
import { Agent, type AgentEvent, type FunctionTool, userMessage } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { NO_STATUS_RESULT, StatusAggregator } from './index.js';

function statusTool(name: string, values: readonly unknown[]): FunctionTool {
  return {
    kind: 'function',
    name,
    description: 'Reports progress.', inputSchema: { type: 'object' },
    aggregator: StatusAggregator,
    async *execute() {
      for (const value of values) yield value;
    },
  };
}

async function runTool(tool: FunctionTool) {
  const model = new ScriptedModel({
    responses: [toolCallResponse([{ name: tool.name, input: {}, id: 'call_status' }]), textResponse('OK.')],
  });
  const run = new Agent({ tools: [tool] }).run(model, [userMessage('Go.')]);
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  await run.result;
  const final = events.find((e) => e.type === 'tool-call-result');
  return {
    model,
    partials: events.filter((e) => e.type === 'partial-tool-call-result'),
    result: final?.type === 'tool-call-result' ? final.results[0] : undefined,
  };
}

describe('StatusAggregator', () => {
  it('treats earlier yields as progress and the last one as the result', async () => {
    const { model, partials, result } = await runTool(
      statusTool('deploy', [{ phase: 'building' }, { phase: 'testing' }, { phase: 'done', version: '1.4.2' }]),
    );
    expect(partials.map((e) => [e.seq, e.value])).toEqual([
      [0, { phase: 'building' }],
      [1, { phase: 'testing' }],
      [2, { phase: 'done', version: '1.4.2' }],
    ]);
    expect(result).toMatchObject({
      status: 'success',
      result: { phase: 'done', version: '1.4.2' },
      modelInput: { type: 'json', value: { phase: 'done', version: '1.4.2' } },
    });
    expect(model.requests[1]?.messages.at(-1)?.parts[0]).toMatchObject({
      modelInput: { type: 'json', value: { phase: 'done', version: '1.4.2' } },
    });
  });

  it('sends a final string as text', async () => {
    const { result } = await runTool(statusTool('progress', ['10%', '50%', 'finished']));
    expect(result).toMatchObject({ result: 'finished', modelInput: { type: 'text', value: 'finished' } });
  });

  it('tells the model when the tool yielded nothing', async () => {
    const { partials, result } = await runTool(statusTool('silent', []));
    expect(partials).toHaveLength(0);
    expect(result).toMatchObject({ status: 'success', result: undefined, modelInput: { type: 'text', value: NO_STATUS_RESULT } });
  });
});
