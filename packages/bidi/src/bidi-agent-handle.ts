import type { CancelOptions } from '@tandem/core';
import type { BidiInput, BidiModel, Message } from '@tandem/core/spec';

/**
 * What an input or output of `run()` may do with the agent it is attached to: the part of `BidiAgent`
 * a peer needs (send input, answer approvals, report playback, end the conversation). `BidiAgent`
 * implements it; peers depend on this type only.
 *
 * @example
 * ```ts
 * const speaker: BidiAgentOutput = {
 *   start(agent: BidiAgentHandle) { player.onProgress((responseId, ms) => agent.reportPlayed(responseId, ms)); },
 *   write(event) { if (event.type === 'audio') player.enqueue(event.responseId, event.data); },
 * };
 * ```
 *
 * @category Agent
 */
export interface BidiAgentHandle {
  /** The realtime model (its `audio` rates tell an output what it receives). */
  readonly model: Pick<BidiModel, 'provider' | 'modelId' | 'audio' | 'capabilities'>;
  /** The conversation history so far. */
  readonly messages: readonly Message[];
  /** True from `start()` until the conversation has ended. */
  readonly running: boolean;
  /** Sends text, PCM16 audio, an image or a context note into the conversation. */
  send(input: string | BidiInput): Promise<void>;
  /** Ends the conversation (see `BidiAgent.cancel`). */
  cancel(options?: CancelOptions): void;
  /** Approves a call waiting for approval. */
  approve(toolCallId: string): void;
  /** Denies a call waiting for approval. */
  deny(toolCallId: string, reason?: string): void;
  /** Reports how much of a response the listener has heard (see `BidiAgent.reportPlayed`). */
  reportPlayed(responseId: string, ms: number): void;
}
