import { SpanKind, SpanStatusCode, context, trace, type Span, type Tracer } from '@opentelemetry/api';
import type { RunTrace, Telemetry, ToolCallTrace, ToolGroupTrace } from '@tandem/core';

/**
 * The spans `otel()` makes for a run — `invoke_agent`, a `chat` per model call, a `tool_group` per group
 * and an `execute_tool` per call, with the same attributes and values (content recording off; the
 * provider's name is used as it is, which for the bench's `scripted` model is what otel() records) — written straight
 * against the OpenTelemetry API, with none of `@tandem/otel`'s glue (no span bookkeeping, no guards, no
 * shared helpers). It implements core's `Telemetry` slot, so an agent with it pays exactly what an agent
 * pays for spans made by hand: the reference `otel()`'s overhead is judged against.
 */
export function directTelemetry(tracer: Tracer): Telemetry {
  return {
    startRun(info): RunTrace {
      const run = tracer.startSpan(`invoke_agent ${info.agentName}`, {
        kind: SpanKind.INTERNAL,
        attributes: {
          'gen_ai.operation.name': 'invoke_agent',
          'gen_ai.agent.name': info.agentName,
          'gen_ai.provider.name': info.model.provider,
          'gen_ai.request.model': info.model.modelId,
          'tandem.run.id': info.runId,
        },
      });
      const runContext = trace.setSpan(context.active(), run);
      return {
        startModelCall(call) {
          const chat = tracer.startSpan(
            `chat ${call.model.modelId}`,
            {
              kind: SpanKind.CLIENT,
              attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': call.model.provider, 'gen_ai.request.model': call.model.modelId, 'tandem.step': call.step },
            },
            runContext,
          );
          return {
            end(outcome) {
              if (outcome.type === 'complete') {
                chat.setAttributes({
                  'gen_ai.response.finish_reasons': [FINISH_REASONS[outcome.finishReason] ?? outcome.finishReason],
                  'gen_ai.usage.input_tokens': outcome.usage.inputTokens,
                  'gen_ai.usage.output_tokens': outcome.usage.outputTokens,
                });
                // The model that answered (core reports it on every completed call), as otel() records it.
                if (outcome.answeredBy !== undefined) chat.setAttributes({ 'gen_ai.response.model': outcome.answeredBy.modelId, 'gen_ai.provider.name': outcome.answeredBy.provider });
              } else failed(chat, outcome.type === 'aborted' ? 'cancelled' : '_OTHER');
              chat.end();
            },
          };
        },
        startToolGroup(group): ToolGroupTrace {
          const span = tracer.startSpan('tool_group', { kind: SpanKind.INTERNAL, attributes: { 'tandem.step': group.step, 'tandem.tool_group.calls': group.calls.length } }, runContext);
          const groupContext = trace.setSpan(runContext, span);
          return {
            startToolCall(call): ToolCallTrace {
              const tool = tracer.startSpan(
                `execute_tool ${call.toolName}`,
                { kind: SpanKind.INTERNAL, attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': call.toolName, 'gen_ai.tool.call.id': call.toolCallId, 'gen_ai.tool.type': 'function' } },
                groupContext,
              );
              return {
                end(result) {
                  tool.setAttribute('tandem.tool.status', result.status);
                  if (result.status !== 'success') failed(tool, result.status === 'cancelled' ? 'cancelled' : '_OTHER');
                  tool.end();
                },
              };
            },
            end(results) {
              let errors = 0;
              let cancelled = 0;
              for (const result of results) {
                if (result.status === 'error') errors++;
                else if (result.status === 'cancelled') cancelled++;
              }
              span.setAttributes({ 'tandem.tool_group.calls': results.length, 'tandem.tool_group.errors': errors, 'tandem.tool_group.cancelled': cancelled });
              span.end();
            },
          };
        },
        end(outcome) {
          if (outcome.type === 'complete') {
            run.setAttributes({ 'tandem.stop_reason': outcome.stopReason, 'gen_ai.usage.input_tokens': outcome.usage.inputTokens, 'gen_ai.usage.output_tokens': outcome.usage.outputTokens });
          } else failed(run, '_OTHER');
          run.end();
        },
      };
    },
  };
}

/** Finish reasons as the GenAI conventions spell them (`tool-calls` → `tool_call`), as otel() records them. */
const FINISH_REASONS: { readonly [reason: string]: string } = { 'tool-calls': 'tool_call', 'content-filter': 'content_filter' };

function failed(span: Span, type: string): void {
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR });
}
