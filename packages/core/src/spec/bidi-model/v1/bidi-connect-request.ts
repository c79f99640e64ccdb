import type { Message } from '../../message/v1/message.js';
import type { ToolDefinition } from '../../language-model/v1/tool-definition.js';

/**
 * Everything a bidi provider needs to open a connection. On a reconnect, `messages` replays the
 * conversation so far (tool calls whose results are still pending included; their results follow
 * through `sendToolResults`).
 *
 * @example
 * ```ts
 * const request: BidiConnectRequest = { system: 'Be brief.', tools: [], messages: [] };
 * ```
 *
 * @category Bidi model spec
 */
export interface BidiConnectRequest {
  readonly system?: string;
  readonly tools: readonly ToolDefinition[];
  /**
   * The output voice for this connection, overriding the model's configured one (a voice handoff, or
   * `bidiAgent.update({ voice })` that reconnects). Providers without a voice setting ignore it.
   */
  readonly voice?: string;
  /** History to start from (empty for a new conversation). */
  readonly messages: readonly Message[];
  /** Aborting cancels the connection attempt (and closes the connection if it is already open). */
  readonly signal?: AbortSignal;
  /**
   * A token from a `go-away`/`timeout` event. A provider with `capabilities.resumption` resumes the
   * session from it (and may ignore `messages`); others ignore it.
   */
  readonly resumeToken?: string;
}
