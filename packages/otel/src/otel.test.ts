import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import { APICallError, type Message } from '@tandem/core';
import { describe, expect, it } from 'vitest';
import { call, callMessage, model, request, result, user } from './__fixtures__/drive.js';
import { recordingTracer } from './__fixtures__/recording-tracer.js';
import { otel } from './otel.js';

const answer: Message = { role: 'assistant', parts: [{ type: 'text', text: 'Oslo −4 °C, Lisbon 18 °C.' }] };
const usage = { inputTokens: 120, outputTokens: 30, cachedInputTokens: 100 };

/** One run as the loop drives it: model call with two tool calls, a group where one fails, a final answer. */
function driveRun(recordContent: boolean) {
  const tracing = recordingTracer();
  const telemetry = otel({ tracer: tracing.tracer, recordContent });
  const run = telemetry.startRun({ runId: 'run_1', agentName: 'support', model, system: 'Be brief.', messages: [user] });
  const oslo = call('call_1', 'Oslo');
  const lisbon = call('call_2', 'Lisbon');
  const first = run.startModelCall({ step: 0, model, request: request() });
  first.end({ type: 'complete', finishReason: 'tool-calls', usage: { inputTokens: 50, outputTokens: 20 }, message: callMessage([oslo, lisbon]), responseId: 'resp_1' });
  const group = run.startToolGroup({ step: 0, calls: [oslo, lisbon] });
  const osloCall = group.startToolCall(oslo);
  const lisbonCall = group.startToolCall(lisbon);
  osloCall.end(result(oslo, 'success', { tempC: -4 }));
  const boom = new TypeError('weather service down');
  lisbonCall.end(result(lisbon, 'error', 'weather service down'), boom);
  group.end([result(oslo, 'success', { tempC: -4 }), result(lisbon, 'error', 'weather service down')]);
  const second = run.startModelCall({ step: 1, model, request: request([user, callMessage([oslo, lisbon])]) });
  second.end({ type: 'complete', finishReason: 'stop', usage, message: answer, responseId: 'resp_2' });
  run.end({ type: 'complete', stopReason: 'endTurn', usage: { inputTokens: 170, outputTokens: 50 }, message: answer });
  return tracing;
}

describe('otel()', () => {
  it('makes the GenAI span tree: invoke_agent → chat, tool_group → execute_tool', () => {
    const tracing = driveRun(false);
    expect(tracing.spans().map((span) => span.name).sort()).toEqual(
      ['chat gpt-5', 'chat gpt-5', 'execute_tool weather', 'execute_tool weather', 'invoke_agent support', 'tool_group'].sort(),
    );
    expect(tracing.openNames()).toEqual([]);
    const run = tracing.one('invoke_agent support');
    expect(run.parentSpanContext).toBeUndefined();
    expect(run.kind).toBe(SpanKind.INTERNAL);
    for (const span of tracing.spans().filter((s) => s.name === 'chat gpt-5')) {
      expect(tracing.parentOf(span)?.name).toBe('invoke_agent support');
      expect(span.kind).toBe(SpanKind.CLIENT);
    }
    const group = tracing.one('tool_group');
    expect(tracing.parentOf(group)?.name).toBe('invoke_agent support');
    for (const span of tracing.spans().filter((s) => s.name === 'execute_tool weather')) expect(tracing.parentOf(span)?.spanContext().spanId).toBe(group.spanContext().spanId);
    expect(new Set(tracing.spans().map((span) => span.spanContext().traceId)).size, 'one trace').toBe(1);
  });

  it('sets the GenAI attributes on each span, and no content by default', () => {
    const tracing = driveRun(false);
    expect(tracing.one('invoke_agent support').attributes).toEqual({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'support',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-5',
      'tandem.run.id': 'run_1',
      'tandem.stop_reason': 'endTurn',
      'gen_ai.usage.input_tokens': 170,
      'gen_ai.usage.output_tokens': 50,
    });
    const [first, second] = tracing.spans().filter((s) => s.name === 'chat gpt-5').sort((a, b) => Number(a.attributes['tandem.step']) - Number(b.attributes['tandem.step']));
    expect(first!.attributes).toEqual({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-5',
      'gen_ai.request.max_tokens': 256,
      'gen_ai.request.temperature': 0.2,
      'gen_ai.request.top_p': 0.9,
      'gen_ai.request.stop_sequences': ['END'],
      'gen_ai.request.seed': 7,
      'tandem.step': 0,
      'gen_ai.response.finish_reasons': ['tool_call'],
      'gen_ai.response.id': 'resp_1',
      'gen_ai.usage.input_tokens': 50,
      'gen_ai.usage.output_tokens': 20,
    });
    expect(second!.attributes).toMatchObject({ 'gen_ai.response.finish_reasons': ['stop'], 'gen_ai.usage.cache_read.input_tokens': 100 });
    const tools = tracing.spans().filter((s) => s.name === 'execute_tool weather');
    const oslo = tools.find((s) => s.attributes['gen_ai.tool.call.id'] === 'call_1')!;
    expect(oslo.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'weather',
      'gen_ai.tool.call.id': 'call_1',
      'gen_ai.tool.type': 'function',
      'tandem.tool.status': 'success',
    });
    expect(oslo.status.code).toBe(SpanStatusCode.UNSET);
    expect(tracing.one('tool_group').attributes).toEqual({ 'tandem.step': 0, 'tandem.tool_group.calls': 2, 'tandem.tool_group.errors': 1, 'tandem.tool_group.cancelled': 0 });
    const content = /gen_ai\.(input|output)\.messages|system_instructions|tool\.definitions|tool\.call\.(arguments|result)/;
    for (const span of tracing.spans()) expect(Object.keys(span.attributes).filter((key) => content.test(key)), span.name).toEqual([]);
  });

  it('marks a failing tool call ERROR with error.type and the exception', () => {
    const tracing = driveRun(false);
    const lisbon = tracing.spans().find((s) => s.attributes['gen_ai.tool.call.id'] === 'call_2')!;
    expect(lisbon.status).toEqual({ code: SpanStatusCode.ERROR, message: 'weather service down' });
    expect(lisbon.attributes['error.type']).toBe('TypeError');
    expect(lisbon.events.map((event) => [event.name, event.attributes?.['exception.message']])).toEqual([['exception', 'weather service down']]);
    expect(tracing.one('invoke_agent support').status.code, 'a failed tool does not fail the run').toBe(SpanStatusCode.UNSET);
  });

  it('records content as GenAI JSON attributes with recordContent: true', () => {
    const tracing = driveRun(true);
    const run = tracing.one('invoke_agent support');
    expect(JSON.parse(run.attributes['gen_ai.input.messages'] as string)).toEqual([{ role: 'user', parts: [{ type: 'text', content: 'Weather in Oslo and Lisbon?' }] }]);
    expect(JSON.parse(run.attributes['gen_ai.system_instructions'] as string)).toEqual([{ type: 'text', content: 'Be brief.' }]);
    expect(JSON.parse(run.attributes['gen_ai.output.messages'] as string)).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: 'Oslo −4 °C, Lisbon 18 °C.' }], finish_reason: 'endTurn' },
    ]);
    const first = tracing.spans().find((s) => s.name === 'chat gpt-5' && s.attributes['tandem.step'] === 0)!;
    expect(JSON.parse(first.attributes['gen_ai.output.messages'] as string)).toEqual([
      {
        role: 'assistant',
        parts: [
          { type: 'tool_call', id: 'call_1', name: 'weather', arguments: { city: 'Oslo' } },
          { type: 'tool_call', id: 'call_2', name: 'weather', arguments: { city: 'Lisbon' } },
        ],
        finish_reason: 'tool_call',
      },
    ]);
    expect(JSON.parse(first.attributes['gen_ai.tool.definitions'] as string)).toEqual([
      { type: 'function', name: 'weather', description: 'Weather for a city.', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
    ]);
    const oslo = tracing.spans().find((s) => s.attributes['gen_ai.tool.call.id'] === 'call_1')!;
    expect(oslo.attributes['gen_ai.tool.call.arguments']).toBe('{"city":"Oslo"}');
    expect(JSON.parse(oslo.attributes['gen_ai.tool.call.result'] as string)).toEqual({ tempC: -4 });
  });

  it('records file parts as blobs (base64) and URLs as uri parts', () => {
    const tracing = recordingTracer();
    const image: Message = {
      role: 'user',
      parts: [
        { type: 'file', mediaType: 'image/png', data: new Uint8Array([1, 2, 255]) },
        { type: 'file', mediaType: 'application/pdf', data: new URL('https://example.com/a.pdf') },
      ],
    };
    const run = otel({ tracer: tracing.tracer, recordContent: true }).startRun({ runId: 'r', agentName: 'agent', model, messages: [image] });
    run.end({ type: 'complete', stopReason: 'endTurn', usage: { inputTokens: 1, outputTokens: 1 }, message: undefined });
    expect(JSON.parse(tracing.one('invoke_agent agent').attributes['gen_ai.input.messages'] as string)).toEqual([
      {
        role: 'user',
        parts: [
          { type: 'blob', mime_type: 'image/png', modality: 'image', content: 'AQL/' },
          { type: 'uri', mime_type: 'application/pdf', modality: 'document', uri: 'https://example.com/a.pdf' },
        ],
      },
    ]);
  });

  it('ends every span after a cancel: cancelled calls and the aborted model call are ERROR cancelled', () => {
    const tracing = recordingTracer();
    const telemetry = otel({ tracer: tracing.tracer });
    const run = telemetry.startRun({ runId: 'r', agentName: 'agent', model, messages: [user] });
    const calls = [call('a', 'Oslo'), call('b', 'Lisbon')];
    run.startModelCall({ step: 0, model, request: request() }).end({ type: 'complete', finishReason: 'tool-calls', usage, message: callMessage(calls) });
    const group = run.startToolGroup({ step: 0, calls });
    const traces = calls.map((c) => group.startToolCall(c));
    // The user cancels: the loop ends each call with a cancelled result, then the group, then the run.
    traces.forEach((trace, i) => trace.end(result(calls[i]!, 'cancelled', 'Cancelled')));
    group.end(calls.map((c) => result(c, 'cancelled', 'Cancelled')));
    const retry = run.startModelCall({ step: 1, model, request: request() });
    retry.end({ type: 'aborted', message: { role: 'assistant', parts: [{ type: 'text', text: 'Partial' }] } });
    run.end({ type: 'complete', stopReason: 'cancelled', usage, message: undefined });

    expect(tracing.openNames()).toEqual([]);
    for (const span of tracing.spans().filter((s) => s.name === 'execute_tool weather')) {
      expect(span.status.code).toBe(SpanStatusCode.ERROR);
      expect(span.attributes['error.type']).toBe('cancelled');
    }
    const aborted = tracing.spans().find((s) => s.attributes['tandem.step'] === 1)!;
    expect([aborted.status.code, aborted.attributes['error.type']]).toEqual([SpanStatusCode.ERROR, 'cancelled']);
    expect(tracing.one('tool_group').attributes['tandem.tool_group.cancelled']).toBe(2);
    expect([tracing.one('invoke_agent agent').status.code, tracing.one('invoke_agent agent').attributes['error.type']]).toEqual([SpanStatusCode.ERROR, 'cancelled']);
  });

  it('ends children left open when their parent ends, so no span is ever lost', () => {
    const tracing = recordingTracer();
    const run = otel({ tracer: tracing.tracer }).startRun({ runId: 'r', agentName: 'agent', model, messages: [user] });
    run.startModelCall({ step: 0, model, request: request() });
    run.startToolGroup({ step: 0, calls: [call('a', 'Oslo')] }).startToolCall(call('a', 'Oslo'));
    run.end({ type: 'error', error: new Error('loop crashed') });
    expect(tracing.openNames()).toEqual([]);
    expect(tracing.spans()).toHaveLength(4);
    for (const span of tracing.spans().filter((s) => !s.name.startsWith('invoke_agent'))) expect(span.attributes['error.type']).toBe('cancelled');
    // Children end before their parent.
    const runSpan = tracing.one('invoke_agent agent');
    expect(tracing.spans().at(-1)).toBe(runSpan);
    expect(runSpan.attributes['error.type']).toBe('Error');
  });

  it('ends only the children still open when their parent ends, oldest first, and leaves finished ones as they were', () => {
    const tracing = recordingTracer();
    const run = otel({ tracer: tracing.tracer }).startRun({ runId: 'r', agentName: 'agent', model, messages: [user] });
    const calls = [call('a', 'Oslo'), call('b', 'Lisbon'), call('c', 'Rome'), call('d', 'Paris')];
    const group = run.startToolGroup({ step: 0, calls });
    const traces = calls.map((c) => group.startToolCall(c));
    traces[1]!.end(result(calls[1]!, 'success', 'sunny'));
    traces[3]!.end(result(calls[3]!, 'success', 'rain'));
    group.end([]);
    traces[0]!.end(result(calls[0]!, 'success', 'late'));
    run.end({ type: 'complete', stopReason: 'endTurn', usage, message: undefined });
    expect(tracing.openNames()).toEqual([]);
    const ids = (span: { attributes: { [key: string]: unknown } }) => span.attributes['gen_ai.tool.call.id'];
    const toolSpans = tracing.spans().filter((span) => span.name.startsWith('execute_tool'));
    expect(toolSpans.map(ids), 'finished calls first, then the open ones in the order they started').toEqual(['b', 'd', 'a', 'c']);
    expect(toolSpans.map((span) => [ids(span), span.attributes['tandem.tool.status'] ?? null, span.attributes['error.type'] ?? null])).toEqual([
      ['b', 'success', null],
      ['d', 'success', null],
      ['a', null, 'cancelled'],
      ['c', null, 'cancelled'],
    ]);
    // A call's end() after its group ended it changes nothing.
    expect(tracing.spans().filter((span) => ids(span) === 'a')).toHaveLength(1);
  });

  it('ends each span once: a second end() changes nothing', () => {
    const tracing = recordingTracer();
    const run = otel({ tracer: tracing.tracer }).startRun({ runId: 'r', agentName: 'agent', model, messages: [user] });
    const chat = run.startModelCall({ step: 0, model, request: request() });
    chat.end({ type: 'complete', finishReason: 'stop', usage, message: answer });
    chat.end({ type: 'error', error: new Error('late') });
    run.end({ type: 'complete', stopReason: 'endTurn', usage, message: answer });
    run.end({ type: 'error', error: new Error('late') });
    expect(tracing.spans()).toHaveLength(2);
    expect(tracing.spans().every((span) => span.status.code === SpanStatusCode.UNSET)).toBe(true);
  });

  it('reports a failed model call with its error class as error.type', () => {
    const tracing = recordingTracer();
    const run = otel({ tracer: tracing.tracer }).startRun({ runId: 'r', agentName: 'agent', model, messages: [user] });
    const error = new APICallError({ message: 'Rate limited', url: 'https://api.example/v1', statusCode: 429 });
    run.startModelCall({ step: 0, model, request: request() }).end({ type: 'error', error });
    run.end({ type: 'error', error });
    const chat = tracing.one('chat gpt-5');
    expect(chat.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Rate limited' });
    expect(chat.attributes['error.type']).toBe('APICallError');
    expect(chat.events[0]?.name).toBe('exception');
  });

  it('keeps concurrent runs apart without any context manager (parents are explicit)', () => {
    const tracing = recordingTracer();
    const telemetry = otel({ tracer: tracing.tracer });
    const runs = ['one', 'two'].map((agentName) => telemetry.startRun({ runId: agentName, agentName, model, messages: [user] }));
    const chats = runs.map((run, step) => run.startModelCall({ step, model, request: request() }));
    chats.reverse().forEach((chat) => chat.end({ type: 'complete', finishReason: 'stop', usage, message: answer }));
    runs.forEach((run) => run.end({ type: 'complete', stopReason: 'endTurn', usage, message: answer }));
    for (const [agentName, step] of [['one', 0], ['two', 1]] as const) {
      const chat = tracing.spans().find((s) => s.name === 'chat gpt-5' && s.attributes['tandem.step'] === step)!;
      expect(tracing.parentOf(chat)?.name).toBe(`invoke_agent ${agentName}`);
      expect(chat.spanContext().traceId).toBe(tracing.one(`invoke_agent ${agentName}`).spanContext().traceId);
    }
  });

  it('never throws into the run, even when the tracer does', () => {
    const broken = {
      startSpan: () => {
        throw new Error('exporter exploded');
      },
    } as unknown as Tracer;
    const telemetry = otel({ tracer: broken });
    const run = telemetry.startRun({ runId: 'r', agentName: 'agent', model, messages: [user] });
    const group = run.startToolGroup({ step: 0, calls: [] });
    expect(() => {
      run.startModelCall({ step: 0, model, request: request() }).end({ type: 'complete', finishReason: 'stop', usage, message: answer });
      group.startToolCall(call('a', 'Oslo')).end(result(call('a', 'Oslo'), 'success', 'ok'));
      group.end([]);
      run.end({ type: 'complete', stopReason: 'endTurn', usage, message: answer });
      const session = telemetry.startSession!({ sessionId: 's', agentName: 'voice', model });
      session.event({ type: 'barge-in' });
      session.end({ reason: 'stopped' });
    }).not.toThrow();
  });

  it('maps provider names to the conventions’ values', () => {
    const tracing = recordingTracer();
    const telemetry = otel({ tracer: tracing.tracer });
    for (const provider of ['anthropic', 'bedrock', 'google', 'ollama', 'openai.chat']) {
      telemetry.startRun({ runId: provider, agentName: provider, model: { provider, modelId: 'm' }, messages: [] }).end({ type: 'error', error: 'x' });
    }
    expect(Object.fromEntries(tracing.spans().map((span) => [span.attributes['tandem.run.id'], span.attributes['gen_ai.provider.name']]))).toEqual({
      anthropic: 'anthropic',
      bedrock: 'aws.bedrock',
      google: 'gcp.gemini',
      ollama: 'ollama',
      'openai.chat': 'openai',
    });
  });
});
