import type { BidiInput } from '@tandem/core/spec';
import type { BidiAgentHandle } from './bidi-agent-handle.js';

/**
 * Returned by {@link BidiAgentInput.read} when the input has no more data. `client-disconnect` (the user
 * went away, e.g. a browser socket closed) ends the conversation at once; `complete` (e.g. end of stdin)
 * lets it finish once the agent is idle — when every input has completed.
 *
 * @example
 * ```ts
 * return socketClosed ? { type: 'end', reason: 'client-disconnect' } : { type: 'end' };
 * ```
 *
 * @category Agent
 */
export interface BidiInputEnd {
  readonly type: 'end';
  readonly reason?: 'complete' | 'client-disconnect';
}

/**
 * A source of user input for `agent.run({ inputs })`: the agent calls `read()` in a loop and sends what it
 * returns (text, PCM16 audio at any sample rate — resampled for the model —, images).
 *
 * @example
 * ```ts
 * const queue = ['Set a timer for 5 seconds'];
 * const scripted: BidiAgentInput = {
 *   async read() {
 *     const text = queue.shift();
 *     return text === undefined ? { type: 'end' } : { type: 'text', text };
 *   },
 * };
 * ```
 *
 * @category Agent
 */
export interface BidiAgentInput {
  /** Called once before the first `read()`. */
  start?(agent: BidiAgentHandle): void | Promise<void>;
  /** Resolves with the next input, or with `{ type: 'end' }`. `signal` aborts when the conversation ends. */
  read(signal: AbortSignal): Promise<BidiInput | BidiInputEnd>;
  /** Called once when the conversation ends; release streams and listeners here. */
  stop?(): void | Promise<void>;
}
