import type { Message } from '../spec/message/v1/message.js';

/** What a summary replaces: the older turns it summarizes, and where the kept recent messages start. @internal */
export interface SummaryPlan {
  /** The non-system messages the summary replaces, oldest first. */
  readonly older: readonly Message[];
  /** The system messages among them, which are kept as they are. */
  readonly systems: readonly Message[];
  /** The index of the first kept recent message. */
  readonly split: number;
  /** The id of the newest message of history the summary replaces (its compaction's `replacesThroughMessageId`). */
  readonly lastId: string;
}

/**
 * Plans a summary of `view`: all but the newest `keepRecent` non-system messages, never splitting a tool
 * call from its result. `undefined` when nothing older has an id a compaction can point at (nothing to
 * summarize, or only an earlier summary, which `summaryOf` recognises). Loaded on demand with the summary
 * writer, so it imports nothing at runtime. @internal
 */
export function planSummary(view: readonly Message[], keepRecent: number, summaryOf: (message: Message) => string | undefined): SummaryPlan | undefined {
  const split = splitIndex(view, keepRecent);
  const head = view.slice(0, split);
  const older = head.filter((message) => message.role !== 'system');
  const lastId = lastOriginalId(older, summaryOf);
  if (lastId === undefined) return undefined;
  return { older, systems: head.filter((message) => message.role === 'system'), split, lastId };
}

/**
 * Where the kept recent messages start: `keepRecent` non-system messages from the end, moved back so the
 * first kept message is not a tool message (its call stays with it).
 */
function splitIndex(view: readonly Message[], keepRecent: number): number {
  let split = view.length;
  for (let kept = 0; split > 0 && kept < keepRecent; ) {
    split--;
    if (view[split]?.role !== 'system') kept++;
  }
  while (split > 0 && (view[split]?.role === 'tool' || view[split]?.role === 'system')) split--;
  return split;
}

/** The id of the newest message of history (not a summary) in `older` that a compaction can point at. */
function lastOriginalId(older: readonly Message[], summaryOf: (message: Message) => string | undefined): string | undefined {
  for (let i = older.length - 1; i >= 0; i--) {
    const message = older[i] as Message;
    if (summaryOf(message) !== undefined) return undefined;
    if (message.id !== undefined) return message.id;
  }
  return undefined;
}
