import { SpanKind, type Attributes, type Span } from '@opentelemetry/api';
import type { ModelCallTrace, ModelCallTraceOutcome, ModelRequest, TracedModel, Usage } from '@tandem/core';
import { ATTR, OPERATION } from './attributes.js';
import { errorMessage, errorType } from './error-type.js';
import type { OtelConfig } from './otel-config.js';
import { providerName } from './provider-name.js';
import { finishReason, inputMessages, outputMessages, systemInstructions, toolDefinitions } from './semconv-messages.js';
import { TracedSpan, recordFailure } from './traced-span.js';

/** Sets token counts on `span` (cached and reasoning tokens only when the provider reported them). */
export function setUsage(span: Span, usage: Usage): void {
  span.setAttribute(ATTR.usageInputTokens, usage.inputTokens);
  span.setAttribute(ATTR.usageOutputTokens, usage.outputTokens);
  if (usage.cachedInputTokens !== undefined) span.setAttribute(ATTR.usageCacheReadInputTokens, usage.cachedInputTokens);
  if (usage.reasoningTokens !== undefined) span.setAttribute(ATTR.usageReasoningOutputTokens, usage.reasoningTokens);
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

/** What a model call's span starts with: the request's model and settings (what a sampler may look at). */
function requestAttributes(info: ModelCallInfo): Attributes {
  const attributes: Attributes = {
    [ATTR.operationName]: OPERATION.chat,
    [ATTR.providerName]: providerName(info.model.provider),
    [ATTR.requestModel]: info.model.modelId,
    [ATTR.step]: info.step,
  };
  return addRequestAttributes(attributes, info.request);
}

/** The request's content, only on a span that records: the messages, system prompt and tools as JSON text. */
function setRequestContent(span: Span, request: ModelRequest): void {
  if (!span.isRecording()) return;
  span.setAttribute(ATTR.inputMessages, inputMessages(request.messages));
  if (request.system !== undefined) span.setAttribute(ATTR.systemInstructions, systemInstructions(request.system));
  if (request.tools.length > 0) span.setAttribute(ATTR.toolDefinitions, toolDefinitions(request.tools));
}

/** What core tells when a model call starts. */
interface ModelCallInfo {
  readonly step: number;
  readonly model: TracedModel;
  readonly request: ModelRequest;
}

/** A `chat {model}` span under the run's span. */
export class ModelCallSpan extends TracedSpan implements ModelCallTrace {
  readonly #recordContent: boolean;

  constructor(config: OtelConfig, parent: TracedSpan, info: ModelCallInfo) {
    const startContext = parent.contextForChildren();
    const options = { kind: SpanKind.CLIENT, attributes: requestAttributes(info) };
    super(config.tracer.startSpan(`${OPERATION.chat} ${info.model.modelId}`, options, startContext), startContext, parent);
    this.#recordContent = config.recordContent;
    if (config.recordContent) setRequestContent(this.span, info.request);
  }

  end(outcome: ModelCallTraceOutcome): void {
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

  #record(span: Span, outcome: ModelCallTraceOutcome): void {
    if (outcome.type === 'complete') {
      const reason = finishReason(outcome.finishReason);
      span.setAttribute(ATTR.responseFinishReasons, [reason]);
      setUsage(span, outcome.usage);
      if (outcome.responseId !== undefined) span.setAttribute(ATTR.responseId, outcome.responseId);
      // The model that answered: another than the requested one when a fallback took the call.
      if (outcome.answeredBy !== undefined) {
        span.setAttribute(ATTR.responseModel, outcome.answeredBy.modelId);
        span.setAttribute(ATTR.providerName, providerName(outcome.answeredBy.provider));
      }
      if (this.#recordContent && span.isRecording()) span.setAttribute(ATTR.outputMessages, outputMessages(outcome.message, reason));
    } else if (outcome.type === 'aborted') {
      if (this.#recordContent && span.isRecording()) span.setAttribute(ATTR.outputMessages, outputMessages(outcome.message, 'cancelled'));
      recordFailure(span, 'cancelled', 'the model call was cancelled');
    } else {
      recordFailure(span, errorType(outcome.error), errorMessage(outcome.error), outcome.error);
    }
  }
}
