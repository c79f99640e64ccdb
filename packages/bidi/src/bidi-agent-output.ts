import type { BidiAgentHandle } from './bidi-agent-handle.js';
import type { BidiEvent } from './bidi-event.js';

/**
 * A consumer of agent events for `agent.run({ outputs })` — a speaker, a terminal, a socket.
 *
 * Every output has its own bounded queue (see `BidiQueueOptions`): a slow `write()` delays only that
 * output. While it is stalled its oldest queued audio is dropped (and an `audio-dropped` event tells
 * it so); control events are never dropped.
 *
 * @example
 * ```ts
 * const logger: BidiAgentOutput = {
 *   write(event) { if (event.type === 'transcript') console.log(event.role, event.delta); },
 * };
 * ```
 *
 * @category Agent
 */
export interface BidiAgentOutput {
  /** Called once before the first `write()`. */
  start?(agent: BidiAgentHandle): void | Promise<void>;
  /** Receives each event in order; the next call waits until the returned promise settles. */
  write(event: BidiEvent): void | Promise<void>;
  /** Called once after the last event (`connection-close`) was written. */
  stop?(): void | Promise<void>;
}
