import type { Message } from '@tandem/core/spec';
import type { Clock } from '@tandem/core';
import { BidiSessionAppendError } from '../errors/bidi-session-append-error.js';
import type { ConversationHistory } from './conversation-history.js';
import { restoreHistory, type RestoredApprovals } from './pending-approvals-restore.js';
import type { SessionWriter } from './session-writer.js';
import { untilAborted } from '../util/until-aborted.js';
import { withinGrace } from '../util/within-grace.js';

/**
 * Every conversation of an agent with a `session` starts from the stored conversation — so what another
 * agent on the same session added meanwhile (a text `Agent`'s turns, tool calls and results) is part of
 * it. The stored history is read as {@link restoreHistory} says: a call left without a result (a crash
 * mid-group) is paired with a `cancelled` one, and calls that still wait for approval come back as
 * `pending`, to be asked again. The first conversation puts it before its starting messages and the store
 * then takes appends, `startMessages` (the agent's starting `messages`) first; later ones wait for the
 * pending appends and replace the history with what the store holds. `loaded` is false when `signal`
 * aborted first (the conversation ended); rejects with the store's error. @internal
 */
export async function loadStoredHistory(
  store: SessionWriter | undefined,
  history: ConversationHistory,
  startMessages: readonly Message[],
  signal: AbortSignal,
): Promise<{ readonly loaded: boolean; readonly pending?: RestoredApprovals }> {
  if (store === undefined) return { loaded: true };
  const first = !store.started;
  let stored: Message[];
  try {
    if (!first) await untilAborted(store.idle(), signal);
    stored = await untilAborted(store.load(), signal);
  } catch (error) {
    if (first) store.dropWaiting();
    if (signal.aborted) return { loaded: false };
    throw error;
  }
  const { messages, pending } = restoreHistory(stored);
  if (first) {
    history.prepend(messages);
    store.start(startMessages);
  } else history.reset(messages);
  return { loaded: !signal.aborted, ...(pending === undefined ? {} : { pending }) };
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
