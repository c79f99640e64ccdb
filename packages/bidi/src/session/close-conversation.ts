import type { Clock } from '@tandem/core';
import type { BidiCloseReason, BidiEventBody } from '../bidi-event.js';
import { BidiStuckPeerError } from '../errors/bidi-stuck-peer-error.js';
import { storeSettled } from '../history/session-persistence.js';
import type { SessionWriter } from '../history/session-writer.js';
import { withinGrace } from '../util/within-grace.js';

/** What {@link closeConversation} needs: each step of the end, in order. @internal */
export interface ClosingConversation {
  readonly clock: Clock;
  readonly graceMs: number;
  readonly store: SessionWriter | undefined;
  emit(body: BidiEventBody): void;
  /** Closes the response in progress for consumers. */
  interruptResponse(): void;
  /** Resolves once every running group has finished and been recorded. */
  toolsSettled(): Promise<void>;
  /** Groups still running after the grace period get `cancelled` results (recorded); returns how many, and the unanswered calls. */
  abandonTools(): { readonly groups: number; readonly named: readonly string[] };
  /** Resolves once pending `messageAdded` hooks have settled. */
  hooksSettled(): Promise<void>;
  addFinalMessage(): void;
  closeConnection(): Promise<void>;
  /** The outputs' and inputs' grace period (set by `run()`). */
  beforeClose: (() => Promise<void>) | undefined;
  /** Emits `connection-close` and ends every consumer's queue. */
  closed(reason: BidiCloseReason): void;
}

/**
 * The end of a conversation, after its signal aborted: running tools settle (at most the grace period —
 * a hook or tool that never settles is abandoned with `cancelled` results and reported), the final
 * message is recorded, the connection closes, session appends and hooks settle (bounded the same way),
 * the peers get their grace period, then `connection-close` is the last event. @internal
 */
export async function closeConversation(conversation: ClosingConversation, reason: BidiCloseReason): Promise<void> {
  const { clock, graceMs } = conversation;
  conversation.interruptResponse();
  if (!(await withinGrace(conversation.toolsSettled(), clock, graceMs))) {
    const abandoned = conversation.abandonTools();
    if (abandoned.groups > 0) conversation.emit({ type: 'error', error: new BidiStuckPeerError('tool', abandoned.groups, graceMs, abandoned.named), fatal: false });
  }
  conversation.addFinalMessage();
  await conversation.closeConnection();
  // Pending session appends settle first (bounded by the grace period); one still pending is reported.
  const unstored = await storeSettled(conversation.store, clock, graceMs);
  if (unstored !== undefined) conversation.emit({ type: 'error', error: unstored, fatal: false });
  if (!(await withinGrace(conversation.hooksSettled(), clock, graceMs))) {
    conversation.emit({ type: 'error', error: new BidiStuckPeerError('hook', 0, graceMs), fatal: false });
  }
  await conversation.beforeClose?.();
  conversation.closed(reason);
}
