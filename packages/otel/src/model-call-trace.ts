import { SpanKind, type Attributes } from '@opentelemetry/api';
import type { ModelCallTrace, ModelCallTraceOutcome, ModelRequest, TracedModel, Usage } from '@tandem/core';
import { ATTR, OPERATION } from './attributes.js';
import { errorMessage, errorType } from './error-type.js';
import type { OtelConfig } from './otel-config.js';
import { providerName } from './provider-name.js';
import { finishReason, inputMessages, outputMessages, systemInstructions, toolDefinitions } from './semconv-messages.js';
import { TracedSpan, recordFailure, safely } from './traced-span.js';

/** Token counts as span attributes (cached and reasoning tokens only when the provider reported them), added to `attributes`. */
export function usageAttributes(usage: Usage, attributes: Attributes = {}): Attributes {
  attributes[ATTR.usageInputTokens] = usage.inputTokens;
  attributes[ATTR.usageOutputTokens] = usage.outputTokens;
  if (usage.cachedInputTokens !== undefined) attributes[ATTR.usageCacheReadInputTokens] = usage.cachedInputTokens;
  if (usage.reasoningTokens !== undefined) attributes[ATTR.usageReasoningOutputTokens] = usage.reasoningTokens;
  return attributes;
}

function addRequestAttributes(attributes: Attributes, request: ModelRequest): Attributes {
  if (request.maxOutputTokens !== undefined) attributes[ATTR.requestMaxTokens] = request.maxOutputTokens;
  if (request.temperature !== undefined) attributes[ATTR.requestTemperature] = request.temperature;
  if (request.topP !== undefined) attributes[ATTR.requestTopP] = request.topP;
  if (request.stopSequences !== undefined) attributes[ATTR.requestStopSequences] = [...request.stopSequences];
  if (request.seed !== undefined) attributes[ATTR.requestSeed] = request.seed;
  if (request.responseFormat !== undefined) attributes[ATTR.outputType] = 'json';
  return attributes;
}

/** A `chat {model}` span under the run's span. */
export function startModelCallTrace(
  config: OtelConfig,
  parent: TracedSpan,
  info: { readonly step: number; readonly model: TracedModel; readonly request: ModelRequest },
): ModelCallTrace {
  const attributes: Attributes = {
    [ATTR.operationName]: OPERATION.chat,
    [ATTR.providerName]: providerName(info.model.provider),
    [ATTR.requestModel]: info.model.modelId,
    [ATTR.step]: info.step,
  };
  addRequestAttributes(attributes, info.request);
  if (config.recordContent) {
    attributes[ATTR.inputMessages] = inputMessages(info.request.messages);
    if (info.request.system !== undefined) attributes[ATTR.systemInstructions] = systemInstructions(info.request.system);
    if (info.request.tools.length > 0) attributes[ATTR.toolDefinitions] = toolDefinitions(info.request.tools);
  }
  const traced = new TracedSpan(config.tracer, `${OPERATION.chat} ${info.model.modelId}`, { kind: SpanKind.CLIENT, attributes }, parent);
  return {
    end: (outcome: ModelCallTraceOutcome) =>
      safely(
        () =>
          traced.end((span) => {
            if (outcome.type === 'complete') {
              const reason = finishReason(outcome.finishReason);
              span.setAttributes(usageAttributes(outcome.usage, { [ATTR.responseFinishReasons]: [reason] }));
              if (outcome.responseId !== undefined) span.setAttribute(ATTR.responseId, outcome.responseId);
              // The model that answered: another than the requested one when a fallback took the call.
              if (outcome.answeredBy !== undefined) {
                span.setAttributes({ [ATTR.responseModel]: outcome.answeredBy.modelId, [ATTR.providerName]: providerName(outcome.answeredBy.provider) });
              }
              if (config.recordContent) span.setAttribute(ATTR.outputMessages, outputMessages(outcome.message, reason));
            } else if (outcome.type === 'aborted') {
              if (config.recordContent) span.setAttribute(ATTR.outputMessages, outputMessages(outcome.message, 'cancelled'));
              recordFailure(span, 'cancelled', 'the model call was cancelled');
            } else {
              recordFailure(span, errorType(outcome.error), errorMessage(outcome.error), outcome.error);
            }
          }),
        undefined,
      ),
  };
}
