import type { Tracer } from '@opentelemetry/api';

/** What every trace of one `otel()` needs. */
export interface OtelConfig {
  readonly tracer: Tracer;
  readonly recordContent: boolean;
}
