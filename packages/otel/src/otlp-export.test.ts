// Spans exported over OTLP/HTTP (JSON) to a loopback receiver that decodes what arrives, as a collector would.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, expect, it } from 'vitest';
import { call, callMessage, model, request, result, user } from './__fixtures__/drive.js';
import { otel } from './otel.js';

interface OtlpSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly attributes: readonly { readonly key: string; readonly value: { readonly stringValue?: string; readonly intValue?: number | string } }[];
  readonly status?: { readonly code?: number };
}
interface OtlpRequest {
  readonly resourceSpans: readonly { readonly scopeSpans: readonly { readonly spans: readonly OtlpSpan[] }[] }[];
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

it('exports the span tree over OTLP/HTTP to a collector endpoint', async () => {
  const received: { path: string; contentType: string | undefined; body: OtlpRequest }[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      received.push({ path: req.url ?? '', contentType: req.headers['content-type'], body: JSON.parse(text) as OtlpRequest });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;

  const provider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: `http://127.0.0.1:${port}/v1/traces` }))],
  });
  closers.push(() => provider.shutdown());
  const telemetry = otel({ tracer: provider.getTracer('otlp-test') });
  const run = telemetry.startRun({ runId: 'r', agentName: 'exporter', model, messages: [user] });
  const calls = [call('a', 'Oslo')];
  run.startModelCall({ step: 0, model, request: request() }).end({ type: 'complete', finishReason: 'tool-calls', usage: { inputTokens: 3, outputTokens: 2 }, message: callMessage(calls) });
  const group = run.startToolGroup({ step: 0, calls });
  group.startToolCall(calls[0]!).end(result(calls[0]!, 'error', 'down'), new Error('down'));
  group.end([result(calls[0]!, 'error', 'down')]);
  run.end({ type: 'complete', stopReason: 'endTurn', usage: { inputTokens: 3, outputTokens: 2 }, message: undefined });
  await provider.forceFlush();

  expect(received.length).toBeGreaterThan(0);
  expect(received.every((request) => request.path === '/v1/traces' && request.contentType?.startsWith('application/json'))).toBe(true);
  const spans = received.flatMap((request) => request.body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)));
  expect(spans.map((span) => span.name).sort()).toEqual(['chat gpt-5', 'execute_tool weather', 'invoke_agent exporter', 'tool_group']);
  const byName = new Map(spans.map((span) => [span.name, span]));
  const parentName = (name: string): string | undefined => spans.find((span) => span.spanId === byName.get(name)!.parentSpanId)?.name;
  expect(parentName('chat gpt-5')).toBe('invoke_agent exporter');
  expect(parentName('tool_group')).toBe('invoke_agent exporter');
  expect(parentName('execute_tool weather')).toBe('tool_group');
  const tool = byName.get('execute_tool weather')!;
  expect(tool.status?.code, 'STATUS_CODE_ERROR').toBe(2);
  expect(tool.attributes.find((attribute) => attribute.key === 'gen_ai.tool.name')?.value.stringValue).toBe('weather');
  expect(tool.attributes.find((attribute) => attribute.key === 'error.type')?.value.stringValue).toBe('Error');
});
