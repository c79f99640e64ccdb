// End to end: a real Agent run with otel() attached, driven by the scripted model of @tandem/core/testing.
import { SpanStatusCode } from '@opentelemetry/api';
import { Agent, type FunctionTool } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { recordingTracer } from './__fixtures__/recording-tracer.js';
import { otel } from './otel.js';

const forecast: FunctionTool = {
  kind: 'function',
  name: 'forecast',
  description: 'Weather for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
  execute: (input) => `sunny in ${(input as { city: string }).city}`,
};
const flights: FunctionTool = {
  kind: 'function',
  name: 'flights',
  description: 'Flights to a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
  execute: () => {
    throw new RangeError('no flights today');
  },
};

describe('otel() on a real Agent', () => {
  it('traces a run: invoke_agent → chat, tool_group → execute_tool, all ended when the result resolves', async () => {
    const tracing = recordingTracer();
    const model = new ScriptedModel({
      modelId: 'gpt-5',
      provider: 'openai.responses',
      responses: [
        toolCallResponse([
          { id: 'c1', name: 'forecast', input: { city: 'Oslo' } },
          { id: 'c2', name: 'flights', input: { city: 'Oslo' } },
        ]),
        textResponse('Sunny, but no flights.', { usage: { inputTokens: 40, outputTokens: 6 } }),
      ],
    });
    const agent = new Agent({ name: 'travel', tools: [forecast, flights], telemetry: otel({ tracer: tracing.tracer, recordContent: true }) });
    const running = agent.run(model, 'Oslo tomorrow?');
    const result = await running.result;
    expect(result.text).toBe('Sunny, but no flights.');
    expect(tracing.openNames(), 'every span has ended before run.result resolves').toEqual([]);

    const run = tracing.one('invoke_agent travel');
    expect(run.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'travel',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-5',
      'tandem.run.id': running.runId,
      'tandem.stop_reason': 'endTurn',
      'gen_ai.usage.input_tokens': result.usage.inputTokens,
      'gen_ai.usage.output_tokens': result.usage.outputTokens,
    });
    const chats = tracing.spans().filter((span) => span.name === 'chat gpt-5');
    expect(chats.map((span) => span.attributes['gen_ai.response.finish_reasons'])).toEqual([['tool_call'], ['stop']]);
    for (const chat of chats) expect(tracing.parentOf(chat)).toBe(run);
    const group = tracing.one('tool_group');
    expect(tracing.parentOf(group)).toBe(run);
    const tools = tracing.spans().filter((span) => span.name.startsWith('execute_tool '));
    expect(tools.map((span) => span.name).sort()).toEqual(['execute_tool flights', 'execute_tool forecast']);
    for (const tool of tools) expect(tracing.parentOf(tool)).toBe(group);
    const failed = tracing.one('execute_tool flights');
    expect([failed.status.code, failed.attributes['error.type']]).toEqual([SpanStatusCode.ERROR, 'RangeError']);
    expect(tracing.one('execute_tool forecast').attributes['gen_ai.tool.call.result']).toBe('sunny in Oslo');
    expect(JSON.parse(chats[1]!.attributes['gen_ai.input.messages'] as string)).toHaveLength(3);
    // Spans end in order: tools before their group, the group before the next model call ends, the run last.
    expect(tracing.spans().at(-1)).toBe(run);
  });

  it('ends every span after a cancel, the running calls ERROR cancelled', async () => {
    const tracing = recordingTracer();
    let started = 0;
    let bothStarted!: () => void;
    const gate = new Promise<void>((resolve) => (bothStarted = resolve));
    const slow: FunctionTool = {
      kind: 'function',
      name: 'slow',
      description: 'Waits until cancelled.', inputSchema: { type: 'object', properties: {} },
      execute: (_input, { signal }) =>
        new Promise((_resolve, reject) => {
          if (++started === 2) bothStarted();
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
    };
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'slow' }, { name: 'slow' }]), textResponse('never')] });
    const controller = new AbortController();
    const agent = new Agent({ tools: [slow], telemetry: otel({ tracer: tracing.tracer }) });
    const run = agent.run(model, 'Wait.', { signal: controller.signal });
    await gate;
    controller.abort();
    expect((await run.result).stopReason).toBe('cancelled');
    expect(tracing.openNames()).toEqual([]);
    const calls = tracing.spans().filter((span) => span.name === 'execute_tool slow');
    expect(calls).toHaveLength(2);
    for (const call of calls) expect([call.status.code, call.attributes['error.type']]).toEqual([SpanStatusCode.ERROR, 'cancelled']);
    const runSpan = tracing.one('invoke_agent agent');
    expect([runSpan.status.code, runSpan.attributes['error.type']]).toEqual([SpanStatusCode.ERROR, 'cancelled']);
  });

  it('records a failing model call on its chat span and the run span', async () => {
    const tracing = recordingTracer();
    const model = new ScriptedModel({
      responses: [
        () => {
          throw new TypeError('model exploded');
        },
      ],
    });
    const agent = new Agent({ telemetry: otel({ tracer: tracing.tracer }) });
    await expect(agent.run(model, 'Hi').result).rejects.toThrow('model exploded');
    expect(tracing.openNames()).toEqual([]);
    expect(tracing.one('chat scripted-model').attributes['error.type']).toBe('TypeError');
    expect(tracing.one('invoke_agent agent').status.code).toBe(SpanStatusCode.ERROR);
  });
});
