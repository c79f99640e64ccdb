import type { SessionTrace, SessionTraceEvent, SessionTraceInfo, Telemetry, ToolCall, ToolGroupTrace } from '@tandem/core';
import type { BidiEventBody } from '../bidi-event.js';

/**
 * The trace of one conversation (`Telemetry.startSession`): records its point events — responses,
 * barge-ins, first-audio and tool latencies, restarts, usage — from the events the agent emits, starts a
 * `tool_group` trace per group, and ends at `connection-close`. Whatever the telemetry throws is
 * swallowed: tracing never breaks a conversation. @internal
 */
export class SessionTracer {
  private trace: SessionTrace | undefined;
  private fatalError: unknown;
  private ended = false;

  constructor(telemetry: Telemetry | undefined, info: SessionTraceInfo) {
    this.trace = safely(() => telemetry?.startSession?.(info));
  }

  /** Starts the trace of a tool group (`step` is its number in the conversation), when tracing. */
  toolGroupStarter(step: number, calls: readonly ToolCall[]): (() => ToolGroupTrace) | undefined {
    const trace = this.trace;
    if (trace === undefined) return undefined;
    return () => trace.startToolGroup({ step, calls });
  }

  /** Records what `body` means for the trace; `connection-close` ends it. */
  note(body: BidiEventBody): void {
    const trace = this.trace;
    if (trace === undefined || this.ended) return;
    if (body.type === 'error' && body.fatal) this.fatalError ??= body.error;
    if (body.type === 'connection-close') {
      this.ended = true;
      const error = this.fatalError;
      safely(() => trace.end({ reason: body.reason, ...(error === undefined ? {} : { error }) }));
      return;
    }
    for (const event of traceEvents(body)) safely(() => trace.event(event));
  }
}

function traceEvents(body: BidiEventBody): SessionTraceEvent[] {
  switch (body.type) {
    case 'response-start':
      return [{ type: 'response-start', responseId: body.responseId }];
    case 'response-complete':
      return [{ type: 'response-complete', responseId: body.responseId, stopReason: body.stopReason }];
    case 'barge-in':
      return [{ type: 'barge-in', ...(body.responseId === undefined ? {} : { responseId: body.responseId }) }];
    case 'audio': {
      // The first audio of a response: its latency from what the model answered (speech end or tool results).
      const latencies = [body.metrics?.speechEndToFirstAudioMs, body.metrics?.toolResultToFirstAudioMs].filter((ms) => ms !== undefined);
      if (latencies.length === 0) return [];
      return [{ type: 'first-audio', responseId: body.responseId, latencyMs: Math.min(...latencies) }];
    }
    case 'tool-call-result':
      return body.results.map((result) => ({
        type: 'tool-latency',
        toolCallId: result.toolCallId,
        toolName: result.toolName,
        latencyMs: body.metrics.durationMs,
      }));
    case 'connection-restart':
      return [{ type: 'connection-restart', reason: body.reason }];
    case 'usage':
      return [{ type: 'usage', usage: body.usage }];
    case 'guardrail':
      return [
        {
          type: 'guardrail',
          name: body.name,
          stage: body.stage,
          tripwire: body.tripwire,
          ...(body.reason === undefined ? {} : { reason: body.reason }),
          ...(body.error === undefined ? {} : { error: body.error }),
        },
      ];
    default:
      return [];
  }
}

function safely<T>(call: () => T): T | undefined {
  try {
    return call();
  } catch {
    return undefined;
  }
}
