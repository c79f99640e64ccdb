import type { ToolDelivery } from '../../language-model/v1/tool-definition.js';

/**
 * What a bidi provider supports; agents adapt their behaviour to it.
 *
 * @example
 * ```ts
 * const capabilities: BidiModelCapabilities = {
 *   truncation: true, nativeAsyncTools: true, resumption: false, maxConnectionMs: 30 * 60_000,
 * };
 * ```
 *
 * @category Bidi model spec
 */
export interface BidiModelCapabilities {
  /** `connection.truncate()` exists: after a barge-in the model forgets the audio that was never played. */
  readonly truncation: boolean;
  /**
   * Tool results may be sent while a response is in progress (the model weaves them into the
   * conversation). When false, agents hold finished results until the current response has ended.
   */
  readonly nativeAsyncTools: boolean;
  /** `go-away`/`timeout` events may carry a `resumeToken` that `connect()` accepts to resume the session. */
  readonly resumption: boolean;
  /** The provider closes a connection after this long; agents restart it at a turn boundary before then. */
  readonly maxConnectionMs?: number;
  /** The delivery modes the adapter honours natively; others are emulated (absent: none natively). */
  readonly delivery?: readonly ToolDelivery[];
  /** The model takes typed text turns (`send({ type: 'text' })`); absent means true. */
  readonly textInput?: boolean;
  /** `connection.update()` changes the live session without a reconnect. */
  readonly liveUpdate?: boolean;
}
