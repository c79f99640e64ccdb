import { SpanStatusCode } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { call, result } from './__fixtures__/drive.js';
import { recordingTracer } from './__fixtures__/recording-tracer.js';
import { otel } from './otel.js';

const model = { provider: 'openai.realtime', modelId: 'gpt-realtime' };

describe('otel() for BidiAgent conversations', () => {
  it('makes a bidi_session span with response, barge-in and tool-latency events, tool groups under it, usage summed', () => {
    const tracing = recordingTracer();
    const session = otel({ tracer: tracing.tracer, recordContent: true }).startSession!({ sessionId: 'conv_1', agentName: 'voice', model, system: 'Speak briefly.' });
    session.event({ type: 'response-start', responseId: 'r1' });
    session.event({ type: 'first-audio', responseId: 'r1', latencyMs: 180 });
    const timer = call('t1', 'Oslo');
    const group = session.startToolGroup({ step: 0, calls: [timer] });
    const running = group.startToolCall(timer);
    session.event({ type: 'barge-in', responseId: 'r1' });
    session.event({ type: 'usage', usage: { inputTokens: 10, outputTokens: 4 } });
    running.end(result(timer, 'success', 'sunny'));
    group.end([result(timer, 'success', 'sunny')]);
    session.event({ type: 'tool-latency', toolCallId: 't1', toolName: 'weather', latencyMs: 42 });
    session.event({ type: 'response-complete', responseId: 'r1', stopReason: 'interrupted' });
    session.event({ type: 'connection-restart', reason: 'socket closed' });
    session.event({ type: 'usage', usage: { inputTokens: 5, outputTokens: 6 } });
    session.end({ reason: 'stopped' });

    expect(tracing.openNames()).toEqual([]);
    const span = tracing.one('bidi_session voice');
    expect(span.attributes).toMatchObject({
      'gen_ai.operation.name': 'bidi_session',
      'gen_ai.agent.name': 'voice',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-realtime',
      'gen_ai.conversation.id': 'conv_1',
      'gen_ai.usage.input_tokens': 15,
      'gen_ai.usage.output_tokens': 10,
      'tandem.session.end_reason': 'stopped',
      'gen_ai.system_instructions': JSON.stringify([{ type: 'text', content: 'Speak briefly.' }]),
    });
    expect(span.events.map((event) => [event.name, event.attributes])).toEqual([
      ['response.start', { 'gen_ai.response.id': 'r1' }],
      ['response.first_audio', { 'gen_ai.response.id': 'r1', 'tandem.latency_ms': 180 }],
      ['barge_in', { 'gen_ai.response.id': 'r1' }],
      ['tool.latency', { 'gen_ai.tool.name': 'weather', 'gen_ai.tool.call.id': 't1', 'tandem.latency_ms': 42 }],
      ['response.complete', { 'gen_ai.response.id': 'r1', 'tandem.stop_reason': 'interrupted' }],
      ['connection.restart', { 'tandem.reason': 'socket closed' }],
    ]);
    expect(tracing.parentOf(tracing.one('tool_group'))?.name).toBe('bidi_session voice');
    expect(tracing.parentOf(tracing.one('execute_tool weather'))?.name).toBe('tool_group');
  });

  it('ends the session span ERROR on a failed conversation, and closes tool spans still running', () => {
    const tracing = recordingTracer();
    const session = otel({ tracer: tracing.tracer }).startSession!({ sessionId: 'conv_2', agentName: 'voice', model });
    session.startToolGroup({ step: 0, calls: [call('t', 'x')] }).startToolCall(call('t', 'x'));
    session.end({ reason: 'error', error: new Error('connection lost for good') });
    session.event({ type: 'barge-in' });
    expect(tracing.openNames()).toEqual([]);
    const span = tracing.one('bidi_session voice');
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'connection lost for good' });
    expect(span.events.map((event) => event.name)).toEqual(['exception']);
    expect(tracing.one('execute_tool weather').attributes['error.type']).toBe('cancelled');
  });
});
