import type { Message } from '../spec/message/v1/message.js';
import type { AgentEvent } from '../events/agent-event.js';

/**
 * Options of {@link ToolAgent.cancel}.
 *
 * @category Tools
 */
export interface CancelOptions {
  /** Appended to history as the final assistant message. */
  readonly message?: string;
  /**
   * `false` (default): stop now — running tools' signals abort and they get `cancelled` results.
   * `true`: let the current tool group finish, record its results, then end without another model call.
   */
  readonly afterCurrentTools?: boolean;
}

/**
 * The agent a tool runs under, as the tool sees it (`Agent` or `BidiAgent`).
 *
 * @category Tools
 */
export interface ToolAgent {
  /** The conversation so far. */
  readonly messages: readonly Message[];
  /**
   * Ends the run. Called from inside a tool of an `Agent`, pass `{ afterCurrentTools: true }` to let the
   * group finish first; a `BidiAgent` always defers a cancel that comes from a tool until its group is done.
   */
  cancel(options?: CancelOptions): void;
}

/**
 * The second argument of every tool's `execute`.
 *
 * @example
 * ```ts
 * async execute({ url }, ctx) {
 *   const res = await fetch(url, { signal: ctx.signal });   // aborts on cancel or timeout
 *   ctx.progress('downloaded');                             // a partial-tool-call-result event
 *   return res.text();
 * }
 * ```
 *
 * @category Tools
 */
export interface ToolContext<TAgent extends ToolAgent = ToolAgent> {
  readonly toolCallId: string;
  readonly toolName: string;
  /** Aborts when the run is cancelled, `agent.cancel()` is called, or the tool's `timeoutMs` passes. */
  readonly signal: AbortSignal;
  /** The agent running this tool. */
  readonly agent: TAgent;
  /**
   * The conversation up to and including the assistant message that requested this call. Under
   * `toolExecution.start: 'eager'` that message is still streaming when the call starts, so it is not
   * there yet.
   */
  readonly messages: readonly Message[];
  /** State given to `agent.run(…, { invocationState })`, shared by every tool of the run. */
  readonly invocationState: Record<string, unknown>;
  /** State of the current model request (one tool group), shared by the calls of that group. */
  readonly requestState: Record<string, unknown>;
  /** The attempt number, 1 for the first (see `config.retry`). */
  readonly attempt: number;
  /**
   * A key for this call's side effects: the same for every attempt, and — with a session — across a
   * resume, a reload and a new process (`<session id>:<toolCallId>`; without a session `<run id>:<toolCallId>`,
   * stable within the run). Pass it to the APIs your tool calls (an `Idempotency-Key` header, a unique
   * database key) so a call that runs again does its work once.
   */
  readonly idempotencyKey: string;
  /**
   * Emits a `partial-tool-call-result` event for this call without changing its result. Ignored once this
   * attempt has ended (its result is in, or it timed out or was cancelled), so an abandoned attempt never
   * reports after its call's `tool-call-result` or into a retry.
   */
  progress(value: unknown, options?: { readonly label?: string }): void;
  /**
   * Re-emits an event of a nested agent in this run's stream, with `parentToolCallId` set to this call
   * (kept when already set, so deeper trees stay intact). Ignored once this attempt has ended, like `progress`.
   */
  emit(event: AgentEvent): void;
}
