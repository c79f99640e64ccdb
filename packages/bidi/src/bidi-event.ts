import type { BidiResponseStopReason, ToolResult, Usage } from '@tandem/core/spec';
import type { AgentEvent, ToolCall } from '@tandem/core';

/**
 * Why a conversation ended (the `reason` of `connection-close`). @example `if (event.type === 'connection-close' && event.reason === 'error') alert();`
 *
 * @category Events
 */
export type BidiCloseReason = 'user-request' | 'complete' | 'error' | 'timeout' | 'client-disconnect';

/**
 * Why the agent replaced its connection (the `reason` of `connection-restart`):
 * - `go-away` — the provider announced it would close the connection;
 * - `timeout` — the provider closed it at its time limit;
 * - `max-duration` — the agent restarted it before the model's `capabilities.maxConnectionMs`;
 * - `connection-lost` — the connection failed (its event stream threw, or a send failed);
 * - `update` — `bidiAgent.update()` changed what the live session cannot change in place (another model,
 *   or a voice after the session has spoken);
 * - `handoff` — a handoff switched to an agent whose setup needs a new connection (another model; on
 *   vendors without live updates, any handoff).
 *
 * @example
 * ```ts
 * if (event.type === 'connection-restart') console.log(`reconnecting (${event.reason})`);
 * ```
 *
 * @category Events
 */
export type BidiRestartReason = 'go-away' | 'timeout' | 'max-duration' | 'connection-lost' | 'update' | 'handoff';

/**
 * Fields every {@link BidiEvent} carries. @example `console.log(event.runId, event.timeMs);`
 *
 * @category Events
 */
export interface BidiEventBase {
  /** Id of the conversation (one `start()` … `stop()`). */
  readonly runId: string;
  /** Milliseconds on the agent's clock when the event was emitted. */
  readonly timeMs: number;
  /** The name of the agent active when the event was emitted (it changes with a handoff). */
  readonly agentName: string;
  /** Never set on the agent's own events; see {@link BidiNestedAgentEvent}. */
  readonly parentToolCallId?: undefined;
}

/**
 * An event of a nested agent — a tool built with `subAgentTool` (from `@tandem/aggregators`) that runs an
 * `Agent` — forwarded as `Agent` forwards it: unchanged (its `runId` and `step` are the nested run's) but for
 * `parentToolCallId`, the id of the outer tool call, and `timeMs` on the agent's clock. Check
 * `parentToolCallId` before reading fields of an event whose `type` both kinds share (`tool-start`,
 * `tool-call-result`, …). Never dropped by the output queues (like every event but audio).
 *
 * @example
 * ```ts
 * for await (const event of agent.receive()) {
 *   if (event.parentToolCallId !== undefined) {
 *     if (event.type === 'text-delta') process.stdout.write(`  (research) ${event.chunk}`);
 *     continue;
 *   }
 *   if (event.type === 'tool-start') console.log(event.groupId, event.toolName);
 * }
 * ```
 *
 * @category Events
 */
export type BidiNestedAgentEvent = AgentEvent & { readonly parentToolCallId: string; readonly timeMs: number };

/**
 * Latency measurements carried by the first `audio` event of a response. @example `if (event.type === 'audio' && event.metrics) log(event.metrics.speechEndToFirstAudioMs);`
 *
 * @category Events
 */
export interface BidiAudioMetrics {
  /** From the end of the user's last utterance (final user transcript or sent text) to this audio. */
  readonly speechEndToFirstAudioMs?: number;
  /** From the last tool results sent to the model to this audio. */
  readonly toolResultToFirstAudioMs?: number;
}

/**
 * Measurements carried by a `barge-in` event. @example `if (event.type === 'barge-in') log(event.metrics.flushedAudioChunks);`
 *
 * @category Events
 */
export interface BidiBargeInMetrics {
  /** From the provider's barge-in to every output queue being flushed. */
  readonly flushMs: number;
  /** Audio chunks removed from output queues (summed over outputs). */
  readonly flushedAudioChunks: number;
}

/**
 * What a {@link BidiAgent} emits — to `receive()` and to every output — discriminated on `type`.
 *
 * - `connection-start` — a connection opened (`generation` counts connections from 1).
 * - `connection-restart` — the agent is replacing the connection; `connection-start` follows.
 * - `response-start` / `response-complete` bracket a model response.
 * - `audio` — PCM16 little-endian mono output; the first chunk of a response carries `metrics`.
 * - `transcript` — what the user or assistant said (`final` ends the utterance).
 * - `barge-in` — the user interrupted (or an output guardrail, `reason: 'guardrail'`): queued output audio was
 *   flushed; tools keep running.
 * - `guardrail` — an output guardrail checked the assistant transcript (`tripwire: true` cut the response).
 * - `tool-start` / `tool-end` — a call the model requested (`tool-end.toolCall.input` is parsed).
 * - `tool-approval-request` — a call of a tool with `needsApproval` waits for `agent.approve(toolCallId)`
 *   or `agent.deny(toolCallId, reason?)` (or the `approve` option); the conversation goes on meanwhile.
 * - `partial-tool-call-result`, `tool-retry`, `tool-call-result` — progress and results of calls,
 *   `tool-call-result` once per call in completion order.
 * - `tool-group-complete` — every call of a group finished; `results` in the model's call order.
 * - `usage`, `error` (`fatal: true` ends the conversation), `warning` (handled: e.g. a duplicate call id dropped).
 * - `tool-approval-response` — with `approvals: 'spoken'`, the user answered an approval by voice.
 * - `handoff` — the model transferred the conversation (`transfer_to_<name>`) from agent `from` to `to`;
 *   events after it carry the new `agentName`.
 * - `audio-dropped` — this output stalled and lost the oldest queued audio (only that output gets it).
 * - `connection-close` — always the last event.
 * - events of nested agents (`subAgentTool`), with `parentToolCallId` set — see {@link BidiNestedAgentEvent}.
 *
 * @example
 * ```ts
 * for await (const event of agent.receive()) {
 *   if (event.type === 'transcript' && event.role === 'assistant') process.stdout.write(event.delta);
 *   if (event.type === 'connection-close') console.log('ended:', event.reason);
 * }
 * ```
 *
 * @category Events
 */
export type BidiEvent =
  | BidiNestedAgentEvent
  | (BidiEventBase &
      (
        | { readonly type: 'connection-start'; readonly generation: number }
        | { readonly type: 'connection-restart'; readonly reason: BidiRestartReason; readonly generation: number }
        | { readonly type: 'response-start'; readonly responseId: string }
        | {
            readonly type: 'audio';
            readonly responseId: string;
            readonly data: Uint8Array;
            readonly sampleRate: number;
            readonly channels: 1;
            readonly metrics?: BidiAudioMetrics;
          }
        | { readonly type: 'transcript'; readonly role: 'user' | 'assistant'; readonly delta: string; readonly final: boolean }
        | {
            readonly type: 'barge-in';
            readonly responseId: string | undefined;
            readonly metrics: BidiBargeInMetrics;
            /** Who cut the response: the user speaking (absent) or an output guardrail (`'guardrail'`). */
            readonly reason?: 'guardrail';
          }
        | {
            /** One output guardrail check of an assistant transcript (one event per check). */
            readonly type: 'guardrail';
            readonly name: string;
            readonly stage: 'output';
            readonly tripwire: boolean;
            readonly reason?: string;
            /** What the check threw, when it threw (it counts as tripped). */
            readonly error?: unknown;
            readonly responseId: string;
            /** Whether the complete transcript was checked (false: the part streamed so far). */
            readonly final: boolean;
          }
        | { readonly type: 'response-complete'; readonly responseId: string; readonly stopReason: BidiResponseStopReason }
        | { readonly type: 'tool-start'; readonly groupId: string; readonly toolCallId: string; readonly toolName: string }
        | { readonly type: 'tool-end'; readonly groupId: string; readonly toolCall: ToolCall }
        | {
            readonly type: 'tool-approval-request';
            readonly groupId: string;
            readonly toolCallId: string;
            readonly toolName: string;
            /** The validated input the tool would run with. */
            readonly input: unknown;
          }
        | {
            readonly type: 'partial-tool-call-result';
            readonly groupId: string;
            readonly toolCallId: string;
            readonly toolName: string;
            readonly label?: string;
            readonly value: unknown;
            readonly seq: number;
          }
        | {
            readonly type: 'tool-retry';
            readonly groupId: string;
            readonly toolCallId: string;
            readonly toolName: string;
            readonly attempt: number;
            readonly error: unknown;
            readonly delayMs: number;
          }
        | {
            readonly type: 'tool-call-result';
            readonly groupId: string;
            readonly results: readonly ToolResult[];
            readonly exception?: unknown;
            /** From the model's request to this result. */
            readonly metrics: { readonly durationMs: number };
          }
        | {
            readonly type: 'tool-group-complete';
            readonly groupId: string;
            readonly results: readonly ToolResult[];
            readonly metrics: { readonly durationMs: number };
          }
        | { readonly type: 'usage'; readonly usage: Usage; readonly responseId?: string }
        | { readonly type: 'error'; readonly error: unknown; readonly fatal: boolean }
        /** Something went wrong that the agent handled (e.g. `duplicate-tool-call`: a call id the model sent twice ran once). */
        | { readonly type: 'warning'; readonly code: string; readonly message: string }
        | {
            readonly type: 'tool-approval-response';
            readonly toolCallId: string;
            readonly approved: boolean;
            readonly reason?: string;
            /** How it was answered: `spoken` — the model's `answer_approval` after the user spoke. */
            readonly by: 'spoken';
            /** What the user said since the request (their final transcripts and typed turns). */
            readonly transcript: string;
          }
        | { readonly type: 'audio-dropped'; readonly droppedChunks: number; readonly droppedMs: number }
        | { readonly type: 'handoff'; readonly from: string; readonly to: string; readonly toolCallId: string }
        | { readonly type: 'connection-close'; readonly reason: BidiCloseReason }
      ));

/** One of the agent's own events (not a nested agent's). @internal */
export type BidiOwnEvent = Exclude<BidiEvent, BidiNestedAgentEvent>;

/**
 * The `type` of every {@link BidiEvent}. @example `const seen = new Set<BidiEventType>();`
 *
 * @category Events
 */
export type BidiEventType = BidiEvent['type'];

/**
 * The {@link BidiEvent} of one `type`. @example `const close: BidiEventOf<'connection-close'> = …`
 *
 * @category Events
 */
export type BidiEventOf<T extends BidiEventType> = Extract<BidiEvent, { readonly type: T }>;

/** An event without its base fields, as the agent builds it before stamping `runId` and `timeMs`. @internal */
export type BidiEventBody = BidiOwnEvent extends infer E ? (E extends BidiOwnEvent ? Omit<E, keyof BidiEventBase> : never) : never;
