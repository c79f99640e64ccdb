import type { Message } from '@tandem/core/spec';
import type { BidiAgentInput } from './bidi-agent-input.js';
import type { BidiAgentOutput } from './bidi-agent-output.js';
import type { BidiCloseReason } from './bidi-event.js';

/**
 * Options of `agent.run(…)`.
 *
 * @example
 * ```ts
 * await agent.run({ inputs: [textInput()], outputs: [textOutput()] });
 * ```
 *
 * @category Agent
 */
export interface BidiRunOptions {
  /** Read concurrently; the conversation ends (`complete`) when all have ended and the agent is idle. */
  readonly inputs?: readonly BidiAgentInput[];
  /** Each gets every event through its own bounded queue. */
  readonly outputs?: readonly BidiAgentOutput[];
  /** Aborting ends the conversation at once, like `agent.cancel()`. */
  readonly signal?: AbortSignal;
}

/**
 * What `run()` resolves with when the conversation has ended. @example `const { reason } = await agent.run({ inputs, outputs });`
 *
 * @category Agent
 */
export interface BidiRunResult {
  /** The reason of the final `connection-close`. */
  readonly reason: BidiCloseReason;
  /** The whole conversation history. */
  readonly messages: readonly Message[];
}
