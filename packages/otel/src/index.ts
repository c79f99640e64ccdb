/**
 * OpenTelemetry tracing for Tandem agents: `otel()` implements the `Telemetry` interface of
 * `@tandem/core` with spans that follow the GenAI semantic conventions.
 *
 * @packageDocumentation
 */
export { otel, type OtelOptions } from './otel.js';
