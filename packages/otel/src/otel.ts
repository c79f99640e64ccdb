import { trace, type Tracer } from '@opentelemetry/api';
import type { Telemetry } from '@tandem/core';
import { NO_RUN, NO_SESSION } from './no-trace.js';
import { startRunTrace } from './run-trace.js';
import { startSessionTrace } from './session-trace.js';

declare const __TANDEM_OTEL_VERSION__: string | undefined;

/**
 * Options of {@link otel}.
 *
 * @category Tracing
 */
export interface OtelOptions {
  /**
   * The tracer to create spans with. Default: `trace.getTracer('@tandem/otel')` from the global tracer
   * provider — register one first (e.g. `NodeTracerProvider.register()` or the Node SDK's `start()`),
   * else spans go nowhere.
   */
  readonly tracer?: Tracer;
  /**
   * Record message content — `gen_ai.input.messages`, `gen_ai.output.messages`,
   * `gen_ai.system_instructions`, `gen_ai.tool.definitions`, `gen_ai.tool.call.arguments` and
   * `gen_ai.tool.call.result` — as JSON text attributes. Default `false`: prompts, answers and tool data
   * often hold personal data and can be large (file parts are recorded as base64). Turn it on where
   * your trace storage may hold them.
   */
  readonly recordContent?: boolean;
}

/**
 * Traces agents with OpenTelemetry, following the GenAI semantic conventions: an `invoke_agent {name}`
 * span per run, a `chat {model}` span per model call, a `tool_group` span per group of concurrent tool
 * calls and an `execute_tool {tool}` span per call (a failed call ends with ERROR status and `error.type`,
 * a cancelled one with `error.type: 'cancelled'`), and for a `BidiAgent` a `bidi_session {name}` span
 * with response, barge-in and tool-latency events. Parents are passed explicitly, so the tree is right
 * with or without a registered context manager; a run's span is a child of the span active when it
 * starts. Every span has ended when the run's result settles. Tracing never throws into a run.
 *
 * Sampling: a run whose `invoke_agent` span is not recording — sampled out (e.g. by
 * `ParentBased(TraceIdRatio(0.1))` for nine runs in ten), or no SDK registered — starts no child span,
 * records no content and allocates no trace object (only the root span's few attributes are built, for
 * the sampler to see), so an unsampled run costs about what an untraced one does. Under the SDK's
 * default `ParentBased` sampler those children would have been dropped anyway. Content
 * (`recordContent`) is serialized only for spans that record.
 *
 * @example
 * ```ts
 * import { Agent } from '@tandem/core';
 * import { otel } from '@tandem/otel';
 * import { trace } from '@opentelemetry/api';
 *
 * const agent = new Agent({ name: 'support', tools, telemetry: otel({ tracer: trace.getTracer('my-app') }) });
 * await agent.run(model, 'Where is my order?').result;
 * ```
 *
 * @category Tracing
 */
export function otel(options: OtelOptions = {}): Telemetry {
  const config = {
    tracer: options.tracer ?? trace.getTracer('@tandem/otel', typeof __TANDEM_OTEL_VERSION__ === 'string' ? __TANDEM_OTEL_VERSION__ : undefined),
    recordContent: options.recordContent === true,
  };
  return {
    startRun(info) {
      try {
        return startRunTrace(config, info);
      } catch {
        return NO_RUN;
      }
    },
    startSession(info) {
      try {
        return startSessionTrace(config, info);
      } catch {
        return NO_SESSION;
      }
    },
  };
}
