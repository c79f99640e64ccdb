// An OpenTelemetry SDK tracer whose finished spans land in an InMemorySpanExporter, plus a processor that
// remembers every started span, so tests can see which spans were left open.
import type { Context } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
  type Span,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';

class OpenSpans implements SpanProcessor {
  readonly open = new Set<Span>();
  onStart(span: Span, _context: Context): void {
    this.open.add(span);
  }
  onEnd(span: ReadableSpan): void {
    this.open.delete(span as Span);
  }
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

export function recordingTracer() {
  const exporter = new InMemorySpanExporter();
  const openSpans = new OpenSpans();
  const provider = new BasicTracerProvider({ spanProcessors: [openSpans, new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer('test');
  const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
  const one = (name: string): ReadableSpan => {
    const found = spans().filter((span) => span.name === name);
    if (found.length !== 1) throw new Error(`expected one span named ${JSON.stringify(name)}, found ${found.length}: ${spans().map((s) => s.name).join(', ')}`);
    return found[0]!;
  };
  const parentOf = (span: ReadableSpan): ReadableSpan | undefined =>
    spans().find((candidate) => candidate.spanContext().spanId === span.parentSpanContext?.spanId);
  return { provider, tracer, exporter, spans, one, parentOf, openNames: () => [...openSpans.open].map((span) => span.name) };
}
