import { repairHistory } from '@tandem/core';
import type { Message } from '@tandem/core/spec';
import type { Clock } from '@tandem/core';
import { BidiSessionAppendError } from '../errors/bidi-session-append-error.js';
import type { ConversationHistory } from './conversation-history.js';
import type { SessionWriter } from './session-writer.js';
import { untilAborted } from '../util/until-aborted.js';
import { withinGrace } from '../util/within-grace.js';

/**
 * The first conversation of an agent with a `session` loads the stored history — repaired: a call left
 * without a result (a crash mid-group) is paired with a `cancelled` one — and puts it before everything
 * recorded so far, so the first connection replays it; then the store takes appends, `startMessages` (the
 * agent's starting `messages`) first. Resolves false when `signal` aborted first (the conversation ended);
 * rejects with the store's error. @internal
 */
export async function loadStoredHistory(
  store: SessionWriter | undefined,
  history: ConversationHistory,
  startMessages: readonly Message[],
  signal: AbortSignal,
): Promise<boolean> {
  if (store === undefined || store.started) return true;
  let stored: Message[];
  try {
    stored = await untilAborted(store.load(), signal);
  } catch (error) {
    store.dropWaiting();
    if (signal.aborted) return false;
    throw error;
  }
  history.prepend(repairHistory(stored));
  store.start(startMessages);
  return !signal.aborted;
}

/**
 * Waits for the session's pending appends, at most `graceMs` on `clock`; returns the error to report
 * when one is still pending then. @internal
 */
export async function storeSettled(store: SessionWriter | undefined, clock: Clock, graceMs: number): Promise<BidiSessionAppendError | undefined> {
  if (store === undefined || !store.busy) return undefined;
  if (await withinGrace(store.idle(), clock, graceMs)) return undefined;
  return new BidiSessionAppendError({ sessionId: store.sessionId, waitedMs: graceMs });
}
