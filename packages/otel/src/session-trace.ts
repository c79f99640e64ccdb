import { SpanKind, context, type Attributes, type Context, type Span } from '@opentelemetry/api';
import type { SessionTrace, SessionTraceEvent, SessionTraceInfo, ToolGroupTrace, ToolGroupTraceInfo } from '@tandem/core';
import { ATTR, OPERATION } from './attributes.js';
import { errorMessage, errorType } from './error-type.js';
import { setUsage } from './model-call-trace.js';
import { NO_TOOL_GROUP } from './no-trace.js';
import type { OtelConfig } from './otel-config.js';
import { providerName } from './provider-name.js';
import { systemInstructions } from './semconv-messages.js';
import { ToolGroupSpan } from './tool-group-trace.js';
import { TracedSpan, recordFailure } from './traced-span.js';
import { GUARDRAIL_EVENT, guardrailAttributes } from './guardrail-attributes.js';

/** A conversation's point event as a span event: its name and attributes. */
function spanEvent(config: OtelConfig, event: Exclude<SessionTraceEvent, { type: 'usage' }>): [string, Attributes] {
  switch (event.type) {
    case 'response-start':
      return ['response.start', { [ATTR.responseId]: event.responseId }];
    case 'response-complete':
      return ['response.complete', { [ATTR.responseId]: event.responseId, [ATTR.stopReason]: event.stopReason }];
    case 'barge-in':
      return ['barge_in', event.responseId === undefined ? {} : { [ATTR.responseId]: event.responseId }];
    case 'first-audio':
      return ['response.first_audio', { [ATTR.responseId]: event.responseId, [ATTR.latencyMs]: event.latencyMs }];
    case 'tool-latency':
      return ['tool.latency', { [ATTR.toolName]: event.toolName, [ATTR.toolCallId]: event.toolCallId, [ATTR.latencyMs]: event.latencyMs }];
    case 'connection-restart':
      return ['connection.restart', { [ATTR.reason]: event.reason }];
    case 'guardrail':
      return [GUARDRAIL_EVENT, guardrailAttributes(config, event)];
  }
}

/**
 * A `bidi_session {name}` span for one `BidiAgent` conversation: responses, barge-ins, time to first
 * audio, tool latencies and reconnects as span events; each tool group a `tool_group` child span; the
 * token usage summed over the conversation.
 */
export function startSessionTrace(config: OtelConfig, info: SessionTraceInfo): SessionTrace {
  const attributes: Attributes = {
    [ATTR.operationName]: OPERATION.bidiSession,
    [ATTR.agentName]: info.agentName,
    [ATTR.providerName]: providerName(info.model.provider),
    [ATTR.requestModel]: info.model.modelId,
    [ATTR.conversationId]: info.sessionId,
  };
  if (config.recordContent && info.system !== undefined) attributes[ATTR.systemInstructions] = systemInstructions(info.system);
  const startContext = context.active();
  const span = config.tracer.startSpan(`${OPERATION.bidiSession} ${info.agentName}`, { kind: SpanKind.INTERNAL, attributes }, startContext);
  return new SessionSpan(config, span, startContext);
}

class SessionSpan extends TracedSpan implements SessionTrace {
  readonly #config: OtelConfig;
  #inputTokens = 0;
  #outputTokens = 0;

  constructor(config: OtelConfig, span: Span, startContext: Context) {
    super(span, startContext, undefined);
    this.#config = config;
  }

  event(event: SessionTraceEvent): void {
    try {
      if (this.ended) return;
      if (event.type === 'usage') {
        this.#inputTokens += event.usage.inputTokens;
        this.#outputTokens += event.usage.outputTokens;
        return;
      }
      const [name, eventAttributes] = spanEvent(this.#config, event);
      this.span.addEvent(name, eventAttributes);
    } catch {
      // Tracing never throws into a conversation.
    }
  }

  startToolGroup(group: ToolGroupTraceInfo): ToolGroupTrace {
    try {
      return new ToolGroupSpan(this.#config, this, group);
    } catch {
      return NO_TOOL_GROUP;
    }
  }

  end(outcome: { readonly reason: string; readonly error?: unknown }): void {
    try {
      if (!this.beginEnd()) return;
      try {
        const span = this.span;
        span.setAttribute(ATTR.sessionEndReason, outcome.reason);
        setUsage(span, { inputTokens: this.#inputTokens, outputTokens: this.#outputTokens });
        if (outcome.error !== undefined) recordFailure(span, errorType(outcome.error), errorMessage(outcome.error), outcome.error);
      } finally {
        this.finishEnd();
      }
    } catch {
      // Tracing never throws into a conversation.
    }
  }
}
