import type { BidiModel, Message } from '@tandem/core/spec';
import type { Tool } from '@tandem/core';
import type { ToolGroupOptions } from '@tandem/core/runtime';
import type { Clock } from '@tandem/core/testing';
import type { BidiQueueOptions } from './bidi-queue-options.js';

/**
 * How the agent replaces connections that time out, go away or fail.
 *
 * @example
 * ```ts
 * new BidiAgent({ model, reconnect: { maxAttempts: 5, initialDelayMs: 500 } });
 * ```
 */
export interface BidiReconnectOptions {
  /** Connect attempts per (re)connection, the first included (default 3). `0` disables reconnecting: a time-out then ends the conversation with `timeout`. */
  readonly maxAttempts?: number;
  /** Delay before the second attempt; doubles each attempt (default 250 ms). */
  readonly initialDelayMs?: number;
  /** Upper bound of the delay (default 5 000 ms). */
  readonly maxDelayMs?: number;
  /** With `capabilities.maxConnectionMs`, restart this long before the limit, at a turn boundary (default 30 000 ms). */
  readonly marginMs?: number;
}

/**
 * Options of `new BidiAgent(…)`.
 *
 * @example
 * ```ts
 * const agent = new BidiAgent({ model, tools: [setTimer, endConversation], system: 'You are a kitchen assistant.' });
 * ```
 */
export interface BidiAgentOptions {
  readonly model: BidiModel;
  /** Function tools (run by the agent, concurrently per group) and provider tools (passed to the model). */
  readonly tools?: readonly Tool[];
  readonly system?: string;
  /** History to start from; it grows across conversations and is replayed on every (re)connect. */
  readonly messages?: readonly Message[];
  /** Drives metrics, reconnect back-off and restarts; inject `ManualClock` in tests. Default: real time. */
  readonly clock?: Clock;
  /** Shared with every tool call as `ctx.invocationState`. */
  readonly invocationState?: Record<string, unknown>;
  /** Calls running at once within one group (default unbounded). */
  readonly toolExecution?: { readonly concurrency?: number | 'sequential' };
  /** `beforeToolCall` / `afterToolCall` hooks, as on `Agent`. */
  readonly hooks?: ToolGroupOptions['hooks'];
  /** Per-output queue limits and drop policy. */
  readonly queue?: BidiQueueOptions;
  readonly reconnect?: BidiReconnectOptions;
  /**
   * When every input of `run()` has ended, the conversation ends (`complete`) once tools are done, their
   * results sent and the model quiet; this is how long to wait for the model to start answering
   * something just sent (default 5 000 ms).
   */
  readonly responseWaitMs?: number;
  /**
   * How long the end of a conversation (`stop()`, `cancel()`, a stop tool, any end) waits for a peer of
   * `run()` that hangs — an output's `write()`, an input's `read()` or `start()`, `stop()` — before
   * abandoning it (default 2 000 ms). Abandoned peers are reported as non-fatal `error` events with a
   * `BidiStuckPeerError` before `connection-close` (a peer that hangs on `connection-close` itself or in
   * `stop()` is abandoned silently, since `connection-close` is the last event). Healthy peers end at once.
   */
  readonly stopGraceMs?: number;
}
