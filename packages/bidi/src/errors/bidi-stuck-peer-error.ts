import { TandemError } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.BidiStuckPeerError');

/**
 * While a conversation was ending, an output's `write()` (or `start()`) or an input's `read()` (or
 * `start()`) did not settle within the agent's `stopGraceMs`; the agent abandoned it so that `run()`
 * could resolve. Reported as a non-fatal `error` event to the other outputs, before `connection-close`.
 *
 * @example
 * ```ts
 * if (event.type === 'error' && BidiStuckPeerError.isInstance(event.error)) {
 *   console.warn(`${event.error.peer} ${event.error.index} hung`);
 * }
 * ```
 *
 * @category Errors
 */
export class BidiStuckPeerError extends TandemError {
  /** Which kind of peer hung. */
  readonly peer: 'input' | 'output';
  /** Its position in `run({ inputs })` or `run({ outputs })`. */
  readonly index: number;
  /** How long the agent waited for it. */
  readonly waitedMs: number;
  private readonly [BRAND] = true;

  constructor(peer: 'input' | 'output', index: number, waitedMs: number) {
    const what = peer === 'output' ? 'write()' : 'read()';
    super('BIDI_STUCK_PEER', {
      message: `${peer === 'output' ? 'Output' : 'Input'} ${String(index)} did not settle its ${what} within ${String(waitedMs)} ms while the conversation was ending; it was abandoned. Make ${what} settle promptly (inputs: honour the abort signal passed to read()).`,
    });
    this.name = 'BidiStuckPeerError';
    this.peer = peer;
    this.index = index;
    this.waitedMs = waitedMs;
  }

  static override isInstance(error: unknown): error is BidiStuckPeerError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
