import { readFileSync } from 'node:fs';
import type { Telemetry } from '@tandem/core';
import { atExit } from '../lifecycle/exit-tasks.js';

/** What `--trace` set up. */
export interface Tracing {
  /** The Agent's `telemetry`. */
  readonly telemetry: Telemetry;
  /** Exports the spans still buffered and stops the exporter (also run at exit). */
  shutdown(): Promise<void>;
}

/** Options of {@link startTracing}. */
export interface StartTracingOptions {
  readonly env?: NodeJS.ProcessEnv;
  /** Receives the warning when no endpoint is set. */
  readonly warn: (line: string) => void;
}

/** True when `value` is set and not empty. */
const isSet = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/**
 * `--trace`: exports the agent's spans (`@tandem/otel`, GenAI semantic conventions) over OTLP/HTTP to
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, else `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces` — the exporter
 * also reads `OTEL_EXPORTER_OTLP_HEADERS`, `…_TIMEOUT` and the rest of the standard variables. The service is
 * `tandem` unless `OTEL_SERVICE_NAME` / `OTEL_RESOURCE_ATTRIBUTES` say otherwise; message content is
 * recorded only with `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`. Without an endpoint: a
 * warning and undefined (no spans). The OpenTelemetry SDK loads only here.
 *
 * @example
 * ```ts
 * const tracing = await startTracing({ warn: (line) => process.stderr.write(line) });
 * const agent = new Agent({ tools, telemetry: tracing?.telemetry });
 * ```
 */
export async function startTracing(options: StartTracingOptions): Promise<Tracing | undefined> {
  const env = options.env ?? process.env;
  if (!isSet(env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']) && !isSet(env['OTEL_EXPORTER_OTLP_ENDPOINT'])) {
    options.warn('--trace needs OTEL_EXPORTER_OTLP_ENDPOINT (e.g. http://127.0.0.1:4318) or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; no spans are exported.');
    return undefined;
  }
  const [{ BasicTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { defaultResource, detectResources, envDetector, resourceFromAttributes }, { otel }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@tandem/otel'),
    ]);
  const version = cliVersion();
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': 'tandem', ...(version === undefined ? {} : { 'service.version': version }) }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  const recordContent = env['OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT']?.trim().toLowerCase() === 'true';
  let stopped: Promise<void> | undefined;
  const shutdown = (): Promise<void> => (stopped ??= provider.shutdown().catch(() => undefined));
  atExit(shutdown);
  return { telemetry: otel({ tracer: provider.getTracer('@tandem/cli', version), recordContent }), shutdown };
}

/** The version of `@tandem/cli` (the built chunks sit in `dist/`, beside which `package.json` is). */
function cliVersion(): string | undefined {
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}
