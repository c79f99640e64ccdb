import type { Tracer } from '@opentelemetry/api';
import type { Message } from '@tandem/core';
import { AlwaysOnSampler, BasicTracerProvider, InMemorySpanExporter, ParentBasedSampler, SimpleSpanProcessor, TraceIdRatioBasedSampler } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { call, callMessage, model, request, result, user } from './__fixtures__/drive.js';
import { otel } from './otel.js';

/** An SDK tracer with `sampler`, counting the spans started through it. */
function sampledTracer(sampler: ParentBasedSampler | AlwaysOnSampler) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ sampler, spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const inner = provider.getTracer('test');
  let started = 0;
  const tracer: Tracer = {
    startSpan: (...args: Parameters<Tracer['startSpan']>) => {
      started++;
      return inner.startSpan(...args);
    },
    startActiveSpan: inner.startActiveSpan.bind(inner) as Tracer['startActiveSpan'],
  };
  return { tracer, exporter, started: () => started };
}

/** A run with a model call, a group of two calls and a final answer, driven as the loop drives it. */
function drive(tracer: Tracer): void {
  const run = otel({ tracer }).startRun({ runId: 'run_1', agentName: 'support', model, messages: [user] });
  const calls = [call('call_1', 'Oslo'), call('call_2', 'Lisbon')];
  run.startModelCall({ step: 0, model, request: request() }).end({ type: 'complete', finishReason: 'tool-calls', usage: { inputTokens: 1, outputTokens: 1 }, message: callMessage(calls) });
  const group = run.startToolGroup({ step: 0, calls });
  for (const c of calls) group.startToolCall(c).end(result(c, 'success', 'ok'));
  group.end(calls.map((c) => result(c, 'success', 'ok')));
  run.end({ type: 'complete', stopReason: 'endTurn', usage: { inputTokens: 2, outputTokens: 2 }, message: undefined });
}

describe('otel() under sampling', () => {
  it('a run sampled out at its root starts no child span and exports nothing', () => {
    const sampled = sampledTracer(new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(0) }));
    drive(sampled.tracer);
    expect(sampled.exporter.getFinishedSpans()).toEqual([]);
    expect(sampled.started(), 'only the invoke_agent span is started').toBe(1);
  });

  it('a sampled run still gets its whole tree', () => {
    const sampled = sampledTracer(new ParentBasedSampler({ root: new AlwaysOnSampler() }));
    drive(sampled.tracer);
    expect(sampled.exporter.getFinishedSpans().map((span) => span.name).sort()).toEqual(
      ['chat gpt-5', 'execute_tool weather', 'execute_tool weather', 'invoke_agent support', 'tool_group'].sort(),
    );
  });

  it('a run sampled out with recordContent: true reads and serializes none of its messages', () => {
    // A message that counts how often its parts are read: serializing it for `gen_ai.input.messages` reads them.
    let reads = 0;
    const counted: Message = {
      role: 'user',
      get parts() {
        reads++;
        return user.parts;
      },
    };
    const sampledOut = sampledTracer(new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(0) }));
    const run = otel({ tracer: sampledOut.tracer, recordContent: true }).startRun({ runId: 'r', agentName: 'a', model, system: 'Be brief.', messages: [counted] });
    run.startModelCall({ step: 0, model, request: request([counted]) }).end({ type: 'complete', finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 }, message: counted });
    run.end({ type: 'complete', stopReason: 'endTurn', usage: { inputTokens: 1, outputTokens: 1 }, message: counted });
    expect(reads).toBe(0);
    // The same run sampled in serializes them (the counter can fail).
    const sampledIn = sampledTracer(new ParentBasedSampler({ root: new AlwaysOnSampler() }));
    otel({ tracer: sampledIn.tracer, recordContent: true }).startRun({ runId: 'r', agentName: 'a', model, messages: [counted] }).end({ type: 'complete', stopReason: 'endTurn', usage: { inputTokens: 1, outputTokens: 1 }, message: undefined });
    expect(reads).toBeGreaterThan(0);
    expect(sampledIn.exporter.getFinishedSpans()[0]?.attributes['gen_ai.input.messages']).toContain('Weather in Oslo');
  });
});
