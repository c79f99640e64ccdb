import type { Message } from '../spec/message/v1/message.js';
import type { ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { FinishReason, Usage } from '../spec/language-model/v1/usage.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { ToolCall } from '../events/agent-event.js';

/**
 * Receives the structure of runs and conversations as they happen, for tracing. Core calls it and knows
 * nothing of any tracing library; `@tandem/otel` implements it with OpenTelemetry spans.
 *
 * Contract for implementers: every `start…()` is matched by exactly one `end()` of what it returned,
 * children end before their parent, and everything has ended before `run.result` resolves (or rejects).
 * Methods must not throw; whatever they throw is swallowed so tracing can never break a run. Parents are
 * passed explicitly (the object a child was started from), so no context propagation is needed.
 *
 * @example
 * ```ts
 * const logging: Telemetry = {
 *   startRun(info) {
 *     console.time(info.runId);
 *     return {
 *       startModelCall: () => ({ end: () => undefined }),
 *       startToolGroup: () => ({ startToolCall: () => ({ end: () => undefined }), end: () => undefined }),
 *       end: () => console.timeEnd(info.runId),
 *     };
 *   },
 * };
 * const agent = new Agent({ tools, telemetry: logging });
 * ```
 *
 * @category Telemetry
 */
export interface Telemetry {
  /** A run of an `Agent` starts (`invoke_agent`). */
  startRun(info: RunTraceInfo): RunTrace;
  /** A `BidiAgent` conversation starts. Optional: without it, conversations are not traced. */
  startSession?(info: SessionTraceInfo): SessionTrace;
}

/**
 * The model a trace is about.
 *
 * @category Telemetry
 */
export interface TracedModel {
  readonly provider: string;
  readonly modelId: string;
}

/**
 * What is known when a run starts.
 *
 * @category Telemetry
 */
export interface RunTraceInfo {
  readonly runId: string;
  /** `AgentOptions.name`, default `agent`. */
  readonly agentName: string;
  readonly model: TracedModel;
  readonly system?: string;
  /** The run's input (history included). Record it only when content recording is on. */
  readonly messages: readonly Message[];
}

/**
 * How a run ended, for its trace.
 *
 * @category Telemetry
 */
export type RunTraceOutcome =
  | { readonly type: 'complete'; readonly stopReason: string; readonly usage: Usage; readonly message: Message | undefined }
  | { readonly type: 'error'; readonly error: unknown };

/**
 * One run (`invoke_agent`).
 *
 * @category Telemetry
 */
export interface RunTrace {
  /** A model call of the run starts (`chat {model}`), after the `beforeModelCall` hooks. */
  startModelCall(info: { readonly step: number; readonly model: TracedModel; readonly request: ModelRequest }): ModelCallTrace;
  /** The first call of a tool group starts (`tool_group`). */
  startToolGroup(info: ToolGroupTraceInfo): ToolGroupTrace;
  /** A guardrail check finished (optional: older implementations do not record them). */
  guardrail?(check: GuardrailTraceInfo): void;
  end(outcome: RunTraceOutcome): void;
}

/**
 * One finished guardrail check, for a trace.
 *
 * @example
 * ```ts
 * const info: GuardrailTraceInfo = { name: 'pii', stage: 'output', tripwire: true, reason: 'e-mail address' };
 * ```
 *
 * @category Telemetry
 */
export interface GuardrailTraceInfo {
  readonly name: string;
  readonly stage: 'input' | 'output';
  readonly tripwire: boolean;
  readonly reason?: string;
  /** What the check threw, when it threw. */
  readonly error?: unknown;
}

/**
 * How a model call ended, for its trace.
 *
 * @category Telemetry
 */
export type ModelCallTraceOutcome =
  | {
      readonly type: 'complete';
      readonly finishReason: FinishReason;
      readonly usage: Usage;
      /** The assistant message the response amounted to. */
      readonly message: Message;
      /** The vendor's response id, when known. */
      readonly responseId?: string;
      /** The model that answered — another than the one the call started with under `fallbackModel()`. */
      readonly answeredBy?: TracedModel;
    }
  | { readonly type: 'aborted'; readonly message: Message }
  | { readonly type: 'error'; readonly error: unknown };

/**
 * One model call (`chat {model}`).
 *
 * @category Telemetry
 */
export interface ModelCallTrace {
  end(outcome: ModelCallTraceOutcome): void;
}

/**
 * What is known when a tool group starts.
 *
 * @category Telemetry
 */
export interface ToolGroupTraceInfo {
  readonly step: number;
  /** The calls known so far (under eager execution more may be added as the response streams). */
  readonly calls: readonly ToolCall[];
}

/**
 * One tool group: the calls of one model response, run concurrently.
 *
 * @category Telemetry
 */
export interface ToolGroupTrace {
  /** A call starts (`execute_tool {name}`); also for calls that end at once (unknown tool, bad input, cancelled). */
  startToolCall(call: ToolCall): ToolCallTrace;
  end(results: readonly ToolResult[]): void;
}

/**
 * One tool call (`execute_tool {name}`).
 *
 * @category Telemetry
 */
export interface ToolCallTrace {
  /** The call's result; `exception` is what the tool threw, when it threw. */
  end(result: ToolResult, exception?: unknown): void;
}

/**
 * What is known when a `BidiAgent` conversation starts.
 *
 * @category Telemetry
 */
export interface SessionTraceInfo {
  readonly sessionId: string;
  readonly agentName: string;
  readonly model: TracedModel;
  readonly system?: string;
}

/**
 * Point events of a conversation, recorded on its session span.
 *
 * @category Telemetry
 */
export type SessionTraceEvent =
  | { readonly type: 'response-start'; readonly responseId: string }
  | { readonly type: 'response-complete'; readonly responseId: string; readonly stopReason: string }
  | { readonly type: 'barge-in'; readonly responseId?: string }
  | { readonly type: 'first-audio'; readonly responseId: string; readonly latencyMs: number }
  | { readonly type: 'tool-latency'; readonly toolCallId: string; readonly toolName: string; readonly latencyMs: number }
  | { readonly type: 'connection-restart'; readonly reason: string }
  | { readonly type: 'usage'; readonly usage: Usage }
  | ({ readonly type: 'guardrail' } & GuardrailTraceInfo);

/**
 * One `BidiAgent` conversation.
 *
 * @category Telemetry
 */
export interface SessionTrace {
  event(event: SessionTraceEvent): void;
  startToolGroup(info: ToolGroupTraceInfo): ToolGroupTrace;
  end(outcome: { readonly reason: string; readonly error?: unknown }): void;
}
