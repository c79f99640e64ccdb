import type { BidiInput } from '@tandem/core/spec';
import type { ConnectionLifecycle } from '../connection/connection-lifecycle.js';
import type { PendingUserTurn } from '../history/conversation-history.js';

/** What {@link sendUserInput} needs. @internal */
export interface UserInputTarget {
  readonly connection: ConnectionLifecycle;
  readonly ending: boolean;
  /** Marks a recorded user turn as taken by a connection (later replays include it). */
  markSent(turn: PendingUserTurn): void;
}

/**
 * Sends one input, waiting out reconnects. A user turn counts as sent (and is replayed on a new connection)
 * once a connection took it and was not replaced meanwhile; otherwise it goes to the next connection as
 * live input — never both, never neither. A failing send reconnects and tries again. @internal
 */
export async function sendUserInput(target: UserInputTarget, input: BidiInput, turn: PendingUserTurn | undefined): Promise<void> {
  for (;;) {
    const connection = await target.connection.whenReady();
    const generation = target.connection.generation;
    try {
      await connection.send(input);
    } catch (error) {
      if (target.ending) return;
      target.connection.failed(error, generation);
      continue;
    }
    if (turn === undefined || target.ending || generation === target.connection.generation) {
      if (turn !== undefined) target.markSent(turn);
      return;
    }
  }
}
