import { SpanKind, type Attributes } from '@opentelemetry/api';
import type { ToolCall, ToolCallTrace, ToolGroupTrace, ToolGroupTraceInfo, ToolResult } from '@tandem/core';
import { ATTR, OPERATION } from './attributes.js';
import { errorType } from './error-type.js';
import type { OtelConfig } from './otel-config.js';
import { resultText } from './semconv-messages.js';
import { NO_TOOL_CALL } from './no-trace.js';
import { TracedSpan, recordFailure, safely } from './traced-span.js';


/** A `tool_group` span (the calls of one model response) under `parent`, with an `execute_tool` span per call. */
export function startToolGroupTrace(config: OtelConfig, parent: TracedSpan, info: ToolGroupTraceInfo): ToolGroupTrace {
  const group = new TracedSpan(
    config.tracer,
    'tool_group',
    { kind: SpanKind.INTERNAL, attributes: { [ATTR.step]: info.step, [ATTR.groupCalls]: info.calls.length } },
    parent,
  );
  return {
    startToolCall: (call) => safely(() => startToolCallTrace(config, group, call), NO_TOOL_CALL),
    end: (results) =>
      safely(
        () =>
          group.end((span) => {
            span.setAttributes({
              [ATTR.groupCalls]: results.length,
              [ATTR.groupErrors]: results.filter((result) => result.status === 'error').length,
              [ATTR.groupCancelled]: results.filter((result) => result.status === 'cancelled').length,
            });
          }),
        undefined,
      ),
  };
}

function startToolCallTrace(config: OtelConfig, group: TracedSpan, call: ToolCall): ToolCallTrace {
  const attributes: Attributes = {
    [ATTR.operationName]: OPERATION.executeTool,
    [ATTR.toolName]: call.toolName,
    [ATTR.toolCallId]: call.toolCallId,
    [ATTR.toolType]: 'function',
  };
  if (config.recordContent) attributes[ATTR.toolCallArguments] = call.toolArgs;
  const traced = new TracedSpan(config.tracer, `${OPERATION.executeTool} ${call.toolName}`, { kind: SpanKind.INTERNAL, attributes }, group);
  return {
    end: (result: ToolResult, exception?: unknown) =>
      safely(
        () =>
          traced.end((span) => {
            span.setAttribute(ATTR.toolStatus, result.status);
            if (result.status === 'success') {
              if (config.recordContent) span.setAttribute(ATTR.toolCallResult, resultText(result.result));
            } else if (result.status === 'cancelled') {
              recordFailure(span, 'cancelled', 'the tool call was cancelled');
            } else {
              const message = typeof result.result === 'string' ? result.result : 'the tool call failed';
              recordFailure(span, exception === undefined ? '_OTHER' : errorType(exception), message, exception);
            }
          }),
        undefined,
      ),
  };
}
