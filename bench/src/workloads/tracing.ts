import { SpanKind, context, trace, type Tracer } from '@opentelemetry/api';
import { BasicTracerProvider, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { otel } from '@tandem/otel';
import type { BenchConfig } from '../config.js';
import { tandemContender } from '../contenders/tandem.js';
import { timeInterleaved } from '../measure.js';
import type { Metric } from '../results.js';
import { echoTool, toolCallScenario } from '../scenario.js';
import { directTelemetry } from './direct-telemetry.js';
import { cells, timeScenario } from './timing.js';

/** Accepts every batch and drops it: what is measured is the spans' cost in the agent's process, not a network. */
class DiscardingExporter implements SpanExporter {
  spans = 0;
  export(spans: ReadableSpan[], resultCallback: (result: { code: number }) => void): void {
    this.spans += spans.length;
    resultCallback({ code: 0 }); // ExportResultCode.SUCCESS
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * The spans of one traced run of K tool calls — invoke_agent, two chat, tool_group, K execute_tool — made
 * with the SDK directly, with attributes like otel()'s: the cost of the OpenTelemetry SDK itself, which
 * no instrumentation can go below.
 */
function sdkAlone(tracer: Tracer, k: number): void {
  const run = tracer.startSpan('invoke_agent agent', { kind: SpanKind.INTERNAL, attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'agent', 'gen_ai.provider.name': 'scripted', 'gen_ai.request.model': 'm', 'tandem.run.id': 'r' } });
  const runContext = trace.setSpan(context.active(), run);
  for (let step = 0; step < 2; step++) {
    const chat = tracer.startSpan('chat m', { kind: SpanKind.CLIENT, attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'scripted', 'gen_ai.request.model': 'm', 'tandem.step': step } }, runContext);
    chat.setAttributes({ 'gen_ai.response.finish_reasons': [step === 0 ? 'tool_call' : 'stop'], 'gen_ai.usage.input_tokens': 1, 'gen_ai.usage.output_tokens': 1 });
    chat.setAttributes({ 'gen_ai.response.model': 'm', 'gen_ai.provider.name': 'scripted' });
    chat.end();
  }
  const group = tracer.startSpan('tool_group', { kind: SpanKind.INTERNAL, attributes: { 'tandem.step': 0, 'tandem.tool_group.calls': k } }, runContext);
  const groupContext = trace.setSpan(runContext, group);
  for (let i = 0; i < k; i++) {
    const call = tracer.startSpan('execute_tool echo', { kind: SpanKind.INTERNAL, attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'echo', 'gen_ai.tool.call.id': `call_${i}`, 'gen_ai.tool.type': 'function' } }, groupContext);
    call.setAttribute('tandem.tool.status', 'success');
    call.end();
  }
  group.setAttributes({ 'tandem.tool_group.calls': k, 'tandem.tool_group.errors': 0, 'tandem.tool_group.cancelled': 0 });
  group.end();
  run.setAttributes({ 'tandem.stop_reason': 'endTurn', 'gen_ai.usage.input_tokens': 2, 'gen_ai.usage.output_tokens': 2 });
  run.end();
}

/** The id of the row whose spans are made by hand: what `otel()`'s glue is judged against. */
export const SPANS_BY_HAND = 'tandem + same spans by hand (SDK directly)';

/**
 * Workload 10: the tool-call overhead workload (1) with `otel()` attached to the agent — on a real
 * OpenTelemetry SDK tracer with a batch processor, and on the API's no-op tracer (no SDK registered) —
 * against the same agent without it; and the SDK alone making the same spans.
 */
export async function tracingOverhead(config: BenchConfig): Promise<Metric[]> {
  const section = '10. Tracing overhead';
  const exporter = new DiscardingExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporter)] });
  const tracer = provider.getTracer('bench');
  // Sampled out at the root, as a production service sampling a fraction of its traffic sees most runs.
  const sampledOutExporter = new DiscardingExporter();
  const sampledOutProvider = new BasicTracerProvider({
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(0) }),
    spanProcessors: [new BatchSpanProcessor(sampledOutExporter)],
  });
  const rows = [
    tandemContender(),
    tandemContender({ id: 'tandem + otel()', telemetry: otel({ tracer }), how: 'the same, with `telemetry: otel()` on an OpenTelemetry SDK tracer' }),
    tandemContender({
      id: SPANS_BY_HAND,
      telemetry: directTelemetry(tracer),
      how: 'the same spans and attributes made straight with the OpenTelemetry API in core\'s `telemetry` slot (no `@tandem/otel` glue)',
    }),
    tandemContender({
      id: 'tandem + otel(), sampled out',
      telemetry: otel({ tracer: sampledOutProvider.getTracer('bench') }),
      how: 'otel() on an SDK tracer whose sampler is `ParentBased(TraceIdRatio(0))`: every run sampled out',
    }),
    tandemContender({ id: 'tandem + otel({ recordContent })', telemetry: otel({ tracer, recordContent: true }), how: 'the same, recording message content' }),
    tandemContender({ id: 'tandem + otel(), no SDK', telemetry: otel({ tracer: trace.getTracer('no-sdk') }), how: 'otel() on the API alone (no tracer provider): no-op spans' }),
  ];
  const metrics: Metric[] = [];
  try {
    for (const k of config.toolCallCounts) {
      const samples = await timeScenario(rows, toolCallScenario(k, echoTool()), config.toolCallBudget);
      const floor = await timeInterleaved([{ id: 'OpenTelemetry SDK alone, same spans', run: async () => sdkAlone(tracer, k) }], config.toolCallBudget);
      for (const [id, values] of floor) samples.set(id, values);
      metrics.push({ section, name: `K=${k}: time per run`, unit: 'ms', better: 'lower', digits: 3, cells: cells(samples, (ms) => ms), ratios: false });
    }
    await provider.forceFlush();
    await sampledOutProvider.forceFlush();
    if (exporter.spans === 0) throw new Error('otel() produced no spans: the agent does not call its telemetry');
    if (sampledOutExporter.spans !== 0) throw new Error(`a sampled-out run exported ${sampledOutExporter.spans} spans`);
  } finally {
    await provider.shutdown();
    await sampledOutProvider.shutdown();
  }
  return metrics;
}
