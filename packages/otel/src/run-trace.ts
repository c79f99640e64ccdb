import { SpanKind, context, type Attributes, type Context, type Span } from '@opentelemetry/api';
import type { GuardrailTraceInfo, ModelCallTrace, ModelRequest, RunTrace, RunTraceInfo, RunTraceOutcome, ToolGroupTrace, ToolGroupTraceInfo, TracedModel } from '@tandem/core';
import { ATTR, OPERATION } from './attributes.js';
import { errorMessage, errorType } from './error-type.js';
import { ModelCallSpan, setUsage } from './model-call-trace.js';
import type { OtelConfig } from './otel-config.js';
import { providerName } from './provider-name.js';
import { inputMessages, outputMessages, systemInstructions } from './semconv-messages.js';
import { ToolGroupSpan } from './tool-group-trace.js';
import { TracedSpan, recordFailure } from './traced-span.js';
import { NO_MODEL_CALL, NO_RUN, NO_TOOL_GROUP } from './no-trace.js';
import { GUARDRAIL_EVENT, guardrailAttributes } from './guardrail-attributes.js';

/** Stop reasons that mean the run did not do what it was asked. */
const FAILED: { readonly [stopReason: string]: string } = { cancelled: 'cancelled', error: 'error' };

/**
 * An `invoke_agent {name}` span for one run, parent of its `chat` and `tool_group` spans. The span
 * starts with the attributes a sampler may look at; content (`recordContent`) is added only once it
 * is known to record.
 */
export function startRunTrace(config: OtelConfig, info: RunTraceInfo): RunTrace {
  const attributes: Attributes = {
    [ATTR.operationName]: OPERATION.invokeAgent,
    [ATTR.agentName]: info.agentName,
    [ATTR.providerName]: providerName(info.model.provider),
    [ATTR.requestModel]: info.model.modelId,
    [ATTR.runId]: info.runId,
  };
  const startContext = context.active();
  const span = config.tracer.startSpan(`${OPERATION.invokeAgent} ${info.agentName}`, { kind: SpanKind.INTERNAL, attributes }, startContext);
  // Sampled out (or no SDK registered): the run's span records nothing, and under the SDK's default
  // `ParentBased` sampler neither would any child of it — so none is started and nothing is built.
  // A non-recording span is seen by no processor: ending it now changes nothing anyone can observe.
  if (!span.isRecording()) {
    span.end();
    return NO_RUN;
  }
  if (config.recordContent) {
    span.setAttribute(ATTR.inputMessages, inputMessages(info.messages));
    if (info.system !== undefined) span.setAttribute(ATTR.systemInstructions, systemInstructions(info.system));
  }
  return new RunSpan(config, span, startContext);
}

/** The trace of a run whose span records. */
class RunSpan extends TracedSpan implements RunTrace {
  readonly #config: OtelConfig;

  constructor(config: OtelConfig, span: Span, startContext: Context) {
    super(span, startContext, undefined);
    this.#config = config;
  }

  startModelCall(call: { readonly step: number; readonly model: TracedModel; readonly request: ModelRequest }): ModelCallTrace {
    try {
      return new ModelCallSpan(this.#config, this, call);
    } catch {
      return NO_MODEL_CALL;
    }
  }

  startToolGroup(group: ToolGroupTraceInfo): ToolGroupTrace {
    try {
      return new ToolGroupSpan(this.#config, this, group);
    } catch {
      return NO_TOOL_GROUP;
    }
  }

  guardrail(check: GuardrailTraceInfo): void {
    try {
      if (this.ended) return;
      this.span.addEvent(GUARDRAIL_EVENT, guardrailAttributes(this.#config, check));
      if (check.tripwire) this.span.setAttribute(ATTR.guardrailTripped, check.name);
    } catch {
      // Tracing never throws into a run.
    }
  }

  end(outcome: RunTraceOutcome): void {
    try {
      if (!this.beginEnd()) return;
      try {
        this.#record(this.span, outcome);
      } finally {
        this.finishEnd();
      }
    } catch {
      // Tracing never throws into a run.
    }
  }

  #record(span: Span, outcome: RunTraceOutcome): void {
    if (outcome.type === 'error') {
      recordFailure(span, errorType(outcome.error), errorMessage(outcome.error), outcome.error);
      return;
    }
    span.setAttribute(ATTR.stopReason, outcome.stopReason);
    setUsage(span, outcome.usage);
    if (this.#config.recordContent && outcome.message !== undefined) {
      span.setAttribute(ATTR.outputMessages, outputMessages(outcome.message, outcome.stopReason));
    }
    const failed = FAILED[outcome.stopReason];
    if (failed !== undefined) recordFailure(span, failed, `the run ended with stop reason ${outcome.stopReason}`);
  }
}
