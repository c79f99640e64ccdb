import { SpanKind, type Attributes } from '@opentelemetry/api';
import type { RunTrace, RunTraceInfo, RunTraceOutcome } from '@tandem/core';
import { ATTR, OPERATION } from './attributes.js';
import { errorMessage, errorType } from './error-type.js';
import { startModelCallTrace, usageAttributes } from './model-call-trace.js';
import type { OtelConfig } from './otel-config.js';
import { providerName } from './provider-name.js';
import { inputMessages, outputMessages, systemInstructions } from './semconv-messages.js';
import { startToolGroupTrace } from './tool-group-trace.js';
import { TracedSpan, recordFailure, safely } from './traced-span.js';
import { NO_MODEL_CALL, NO_TOOL_GROUP } from './no-trace.js';
import { GUARDRAIL_EVENT, guardrailAttributes } from './guardrail-attributes.js';

/** Stop reasons that mean the run did not do what it was asked. */
const FAILED: { readonly [stopReason: string]: string } = { cancelled: 'cancelled', error: 'error' };

/** An `invoke_agent {name}` span for one run, parent of its `chat` and `tool_group` spans. */
export function startRunTrace(config: OtelConfig, info: RunTraceInfo): RunTrace {
  const attributes: Attributes = {
    [ATTR.operationName]: OPERATION.invokeAgent,
    [ATTR.agentName]: info.agentName,
    [ATTR.providerName]: providerName(info.model.provider),
    [ATTR.requestModel]: info.model.modelId,
    [ATTR.runId]: info.runId,
  };
  if (config.recordContent) {
    attributes[ATTR.inputMessages] = inputMessages(info.messages);
    if (info.system !== undefined) attributes[ATTR.systemInstructions] = systemInstructions(info.system);
  }
  const run = new TracedSpan(config.tracer, `${OPERATION.invokeAgent} ${info.agentName}`, { kind: SpanKind.INTERNAL, attributes });
  // Sampled out (or no SDK registered): the run's span records nothing, and under the SDK's default
  // `ParentBased` sampler neither would any child of it — so none is started and no attribute is built.
  if (!run.span.isRecording()) return unrecordedRun(run);
  return {
    startModelCall: (call) => safely(() => startModelCallTrace(config, run, call), NO_MODEL_CALL),
    startToolGroup: (group) => safely(() => startToolGroupTrace(config, run, group), NO_TOOL_GROUP),
    guardrail: (check) =>
      safely(() => {
        if (run.ended) return;
        run.span.addEvent(GUARDRAIL_EVENT, guardrailAttributes(config, check));
        if (check.tripwire) run.span.setAttribute(ATTR.guardrailTripped, check.name);
      }, undefined),
    end: (outcome: RunTraceOutcome) =>
      safely(
        () =>
          run.end((span) => {
            if (outcome.type === 'error') {
              recordFailure(span, errorType(outcome.error), errorMessage(outcome.error), outcome.error);
              return;
            }
            span.setAttributes(usageAttributes(outcome.usage, { [ATTR.stopReason]: outcome.stopReason }));
            if (config.recordContent && outcome.message !== undefined) {
              span.setAttribute(ATTR.outputMessages, outputMessages(outcome.message, outcome.stopReason));
            }
            const failed = FAILED[outcome.stopReason];
            if (failed !== undefined) recordFailure(span, failed, `the run ended with stop reason ${outcome.stopReason}`);
          }),
        undefined,
      ),
  };
}

/** The trace of a run whose span is not recording: no child spans, nothing computed, the span ended. */
function unrecordedRun(run: TracedSpan): RunTrace {
  return {
    startModelCall: () => NO_MODEL_CALL,
    startToolGroup: () => NO_TOOL_GROUP,
    end: () => safely(() => run.end(), undefined),
  };
}
