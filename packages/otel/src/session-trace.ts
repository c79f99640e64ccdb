import { SpanKind, type Attributes } from '@opentelemetry/api';
import type { SessionTrace, SessionTraceEvent, SessionTraceInfo } from '@tandem/core';
import { ATTR, OPERATION } from './attributes.js';
import { errorMessage, errorType } from './error-type.js';
import { usageAttributes } from './model-call-trace.js';
import { NO_TOOL_GROUP } from './no-trace.js';
import type { OtelConfig } from './otel-config.js';
import { providerName } from './provider-name.js';
import { systemInstructions } from './semconv-messages.js';
import { startToolGroupTrace } from './tool-group-trace.js';
import { TracedSpan, recordFailure, safely } from './traced-span.js';
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
  const session = new TracedSpan(config.tracer, `${OPERATION.bidiSession} ${info.agentName}`, { kind: SpanKind.INTERNAL, attributes });
  let inputTokens = 0;
  let outputTokens = 0;
  return {
    event: (event) =>
      safely(() => {
        if (session.ended) return;
        if (event.type === 'usage') {
          inputTokens += event.usage.inputTokens;
          outputTokens += event.usage.outputTokens;
          return;
        }
        const [name, eventAttributes] = spanEvent(config, event);
        session.span.addEvent(name, eventAttributes);
      }, undefined),
    startToolGroup: (group) => safely(() => startToolGroupTrace(config, session, group), NO_TOOL_GROUP),
    end: (outcome) =>
      safely(
        () =>
          session.end((span) => {
            span.setAttributes({ [ATTR.sessionEndReason]: outcome.reason, ...usageAttributes({ inputTokens, outputTokens }) });
            if (outcome.error !== undefined) recordFailure(span, errorType(outcome.error), errorMessage(outcome.error), outcome.error);
          }),
        undefined,
      ),
  };
}
