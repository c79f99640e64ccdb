import { SpanKind, type Attributes } from '@opentelemetry/api';
import type { ToolCall, ToolCallTrace, ToolGroupTrace, ToolGroupTraceInfo, ToolResult } from '@tandem/core';
import { ATTR, OPERATION } from './attributes.js';
import { errorType } from './error-type.js';
import type { OtelConfig } from './otel-config.js';
import { resultText } from './semconv-messages.js';
import { NO_TOOL_CALL } from './no-trace.js';
import { TracedSpan, recordFailure } from './traced-span.js';

/** A `tool_group` span (the calls of one model response) under `parent`, with an `execute_tool` span per call. */
export class ToolGroupSpan extends TracedSpan implements ToolGroupTrace {
  readonly #config: OtelConfig;

  constructor(config: OtelConfig, parent: TracedSpan, info: ToolGroupTraceInfo) {
    const startContext = parent.contextForChildren();
    const attributes: Attributes = { [ATTR.step]: info.step, [ATTR.groupCalls]: info.calls.length };
    super(config.tracer.startSpan('tool_group', { kind: SpanKind.INTERNAL, attributes }, startContext), startContext, parent);
    this.#config = config;
  }

  startToolCall(call: ToolCall): ToolCallTrace {
    try {
      return new ToolCallSpan(this.#config, this, call);
    } catch {
      return NO_TOOL_CALL;
    }
  }

  end(results: readonly ToolResult[]): void {
    try {
      if (!this.beginEnd()) return;
      try {
        let errors = 0;
        let cancelled = 0;
        for (const result of results) {
          if (result.status === 'error') errors++;
          else if (result.status === 'cancelled') cancelled++;
        }
        const span = this.span;
        span.setAttribute(ATTR.groupCalls, results.length);
        span.setAttribute(ATTR.groupErrors, errors);
        span.setAttribute(ATTR.groupCancelled, cancelled);
      } finally {
        this.finishEnd();
      }
    } catch {
      // Tracing never throws into a run.
    }
  }
}

/** An `execute_tool {tool}` span under its group's span. */
class ToolCallSpan extends TracedSpan implements ToolCallTrace {
  readonly #recordContent: boolean;

  constructor(config: OtelConfig, group: ToolGroupSpan, call: ToolCall) {
    const attributes: Attributes = {
      [ATTR.operationName]: OPERATION.executeTool,
      [ATTR.toolName]: call.toolName,
      [ATTR.toolCallId]: call.toolCallId,
      [ATTR.toolType]: 'function',
    };
    if (config.recordContent) attributes[ATTR.toolCallArguments] = call.toolArgs;
    const startContext = group.contextForChildren();
    super(config.tracer.startSpan(`${OPERATION.executeTool} ${call.toolName}`, { kind: SpanKind.INTERNAL, attributes }, startContext), startContext, group);
    this.#recordContent = config.recordContent;
  }

  end(result: ToolResult, exception?: unknown): void {
    try {
      if (!this.beginEnd()) return;
      try {
        const span = this.span;
        span.setAttribute(ATTR.toolStatus, result.status);
        if (result.status === 'success') {
          if (this.#recordContent && span.isRecording()) span.setAttribute(ATTR.toolCallResult, resultText(result.result));
        } else if (result.status === 'cancelled') {
          recordFailure(span, 'cancelled', 'the tool call was cancelled');
        } else {
          const message = typeof result.result === 'string' ? result.result : 'the tool call failed';
          recordFailure(span, exception === undefined ? '_OTHER' : errorType(exception), message, exception);
        }
      } finally {
        this.finishEnd();
      }
    } catch {
      // Tracing never throws into a run.
    }
  }
}
