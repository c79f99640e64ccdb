import type { ToolResult } from '../../message/v1/tool-result.js';
import type { BidiInput } from './bidi-input.js';
import type { BidiModelEvent } from './bidi-model-event.js';
import type { ToolDefinition, ToolDelivery } from '../../language-model/v1/tool-definition.js';

/**
 * One live session with a bidi model (a WebSocket, an HTTP/2 stream, …), made by
 * {@link BidiModelV1.connect}.
 *
 * Contract:
 * - `send()` and `sendToolResults()` may be called at any time, also while a response streams and
 *   while another send is in flight; they resolve once the data was handed to the transport.
 * - `sendToolResults()` receives the results of one tool group, in the model's call order; a provider
 *   that needs a "continue" message after results sends exactly one per call — never one per result.
 * - `events()` is iterated once; see {@link BidiModelEvent} for what its ending means.
 * - `close()` is idempotent; afterwards `events()` ends and sends reject.
 *
 * @example
 * ```ts
 * const connection = await model.connect({ tools: [], messages: [] });
 * await connection.send({ type: 'text', text: 'Hello!' });
 * for await (const event of connection.events()) if (event.type === 'response-end') break;
 * await connection.close();
 * ```
 *
 * @category Bidi model spec
 */
export interface BidiConnection {
  send(input: BidiInput): Promise<void>;
  /**
   * Sends the results of one tool group in one call. `options.delivery` (default `'when-idle'`) says when the model
   * should answer: at once, cutting its response (`interrupt`); when neither side is speaking (`when-idle` — the
   * adapter, not the agent, waits for idle); or not at all (`silent`).
   */
  sendToolResults(results: readonly ToolResult[], options?: SendToolResultsOptions): Promise<void>;
  /**
   * Stops `responseId` while it is in progress, as a barge-in would (OpenAI Realtime: `response.cancel`); does
   * nothing once it has ended. Optional: an agent that must cut a response (an output guardrail) drops the rest
   * of its audio and transcript without it.
   */
  cancelResponse?(responseId: string): Promise<void>;
  /** Makes the model forget the audio of `responseId` after `playedMs` (present when `capabilities.truncation`). */
  truncate?(responseId: string, playedMs: number): Promise<void>;
  /**
   * Changes the live session (instructions, tools, voice) where the vendor allows it. Absent, or rejecting, means the
   * agent reconnects with the new request and replays history instead.
   */
  update?(update: BidiSessionUpdate): Promise<void>;
  events(): AsyncIterable<BidiModelEvent>;
  close(): Promise<void>;
}

/**
 * Options of {@link BidiConnection.sendToolResults}.
 *
 * @example
 * ```ts
 * await connection.sendToolResults(results, { delivery: 'interrupt' });
 * ```
 *
 * @category Bidi model spec
 */
export interface SendToolResultsOptions {
  readonly delivery?: ToolDelivery;
}

/**
 * A change to a live bidi session (a handoff, `bidiAgent.update()`); omitted fields stay as they are.
 *
 * @example
 * ```ts
 * await connection.update?.({ system: 'You book tables.', voice: 'marin' });
 * ```
 *
 * @category Bidi model spec
 */
export interface BidiSessionUpdate {
  readonly system?: string;
  readonly tools?: readonly ToolDefinition[];
  readonly voice?: string;
}
