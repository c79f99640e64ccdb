import { TandemError } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.BidiStuckPeerError');

/**
 * While a conversation was ending, an output's `write()` (or `start()`), an input's `read()` (or
 * `start()`), a tool group (a tool or `beforeToolCall`/`afterToolCall` hook ignoring its signal) or a
 * `messageAdded` hook did not settle within the agent's `cancelGraceMs`; the agent abandoned it so that
 * `run()` / `stop()` could resolve (abandoned calls are recorded `cancelled`; a late settlement is
 * ignored). Reported as a non-fatal `error` event to the outputs, before `connection-close`.
 *
 * @example
 * ```ts
 * if (event.type === 'error' && BidiStuckPeerError.isInstance(event.error)) {
 *   console.warn(`${event.error.peer} ${event.error.index} hung`, event.error.abandoned); // e.g. ['tool search (c1)']
 * }
 * ```
 *
 * @category Errors
 */
export class BidiStuckPeerError extends TandemError {
  /** Which kind of peer hung. */
  readonly peer: 'input' | 'output' | 'tool' | 'hook';
  /** Its position in `run({ inputs })` or `run({ outputs })`; for `tool`, how many groups were abandoned. */
  readonly index: number;
  /** How long the agent waited for it. */
  readonly waitedMs: number;
  /**
   * For `tool`: the calls left unanswered, e.g. `['tool search (c1)']` (`tool group <id>` when a group's calls
   * all had results and a hook after them hung); empty for the other peers.
   */
  readonly abandoned: readonly string[];
  declare private readonly [BRAND]: true;

  constructor(peer: 'input' | 'output' | 'tool' | 'hook', index: number, waitedMs: number, abandoned: readonly string[] = []) {
    super('BIDI_STUCK_PEER', { message: stuckMessage(peer, index, waitedMs, abandoned) });
    this[BRAND] = true;
    this.name = 'BidiStuckPeerError';
    this.peer = peer;
    this.index = index;
    this.waitedMs = waitedMs;
    this.abandoned = abandoned;
  }

  static override isInstance(error: unknown): error is BidiStuckPeerError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}

function stuckMessage(peer: 'input' | 'output' | 'tool' | 'hook', index: number, waitedMs: number, abandoned: readonly string[]): string {
  const ms = String(waitedMs);
  if (peer === 'tool') {
    const which = abandoned.length > 0 ? ` (${abandoned.join(', ')})` : '';
    return `${String(index)} tool group(s)${which} did not finish within ${ms} ms of the conversation ending; their unfinished calls were recorded as cancelled. Make tools and beforeToolCall/afterToolCall hooks honour ctx.signal.`;
  }
  if (peer === 'hook') return `A messageAdded hook did not settle within ${ms} ms of the conversation ending; it was abandoned. Make hooks settle promptly.`;
  const what = peer === 'output' ? 'write()' : 'read()';
  return `${peer === 'output' ? 'Output' : 'Input'} ${String(index)} did not settle its ${what} within ${ms} ms while the conversation was ending; it was abandoned. Make ${what} settle promptly (inputs: honour the abort signal passed to read()).`;
}
