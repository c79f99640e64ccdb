import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import type { Message } from '../spec/message/v1/message.js';
import { newId } from '../util/new-id.js';
import { toLanguageModel, type ModelReference } from '../provider-registry/to-language-model.js';
import type { ContextInfo, ContextManager } from './context-manager.js';
import { applyCompaction, isSummaryMessage, summaryMessage } from './apply-compaction.js';
import { SUMMARY_INSTRUCTIONS, writeSummary } from './write-summary.js';

/**
 * Options of {@link summarize}.
 *
 * @category Context
 */
export interface SummarizeOptions {
  /** Summarize when the estimated input tokens of what would be sent pass this. */
  readonly triggerTokens: number;
  /** The model that writes summaries. Default: the run's model. */
  readonly model?: ModelReference;
  /** How many of the newest messages are always sent as they are. Default 6. */
  readonly keepRecent?: number;
  /** What the summarizing model is told (its system prompt). */
  readonly instructions?: string;
}

/**
 * A context manager that keeps long conversations going by summarizing: when the estimated input tokens
 * pass `triggerTokens`, the older turns (all but the newest `keepRecent` messages, never splitting a tool
 * call from its result) are summarized by `model` and the model is sent the summary as the first message,
 * then the recent messages. The summary is recorded in history as a `system` message holding a
 * `compaction` part (`replacesThroughMessageId`: the id of the last message it replaces): stores stay
 * append-only, and a session reloaded later starts from the summary without writing a new one.
 * On a `ContextOverflowError` it summarizes at once (its `reduce`), whatever the estimate.
 *
 * With a context manager, the agent gives every message that enters history an `id`. Messages stored by
 * runs without one have none; a summary of those is recorded but cannot be found again after a reload, so
 * the next run summarizes them once more.
 *
 * @example
 * ```ts
 * const agent = new Agent({ tools, session: { store, id: 'chat-1' }, context: summarize({ triggerTokens: 100_000, keepRecent: 8 }) });
 * ```
 *
 * @category Context
 */
export function summarize(options: SummarizeOptions): ContextManager {
  const { triggerTokens, keepRecent = 6 } = options;
  if (!(Number.isFinite(triggerTokens) && triggerTokens > 0)) {
    throw new TypeError(`summarize(): triggerTokens must be a positive number, got ${String(triggerTokens)}.`);
  }
  if (!(Number.isInteger(keepRecent) && keepRecent >= 0)) {
    throw new TypeError(`summarize(): keepRecent must be a non-negative integer, got ${String(keepRecent)}.`);
  }
  let model: LanguageModel | undefined;
  const modelFor = (info: ContextInfo): LanguageModel => {
    if (options.model === undefined) return info.model;
    model ??= toLanguageModel(options.model);
    return model;
  };
  const compact = async (view: readonly Message[], info: ContextInfo): Promise<readonly Message[]> => {
    const split = splitIndex(view, keepRecent);
    const older = view.slice(0, split).filter((message) => message.role !== 'system');
    const last = lastOriginal(older);
    if (last === undefined) return view;
    const summary = await writeSummary(modelFor(info), older, options.instructions ?? SUMMARY_INSTRUCTIONS, info.signal);
    await info.appendToHistory({
      id: newId('msg'),
      role: 'system',
      parts: [{ type: 'compaction', summary, replacesThroughMessageId: last.id ?? '' }],
    });
    const systems = view.slice(0, split).filter((message) => message.role === 'system');
    return [...systems, summaryMessage(summary), ...view.slice(split)];
  };
  return {
    prepare: async (messages, info) => {
      const view = applyCompaction(messages);
      return info.estimateTokens(view) > triggerTokens ? compact(view, info) : view;
    },
    reduce: (messages, info) => compact(applyCompaction(messages), info),
  };
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

/** The newest message of history (not a summary) in `older` that has an id a compaction can point at. */
function lastOriginal(older: readonly Message[]): (Message & { readonly id: string }) | undefined {
  for (let i = older.length - 1; i >= 0; i--) {
    const message = older[i] as Message;
    if (isSummaryMessage(message)) return undefined;
    if (message.id !== undefined) return message as Message & { readonly id: string };
  }
  return undefined;
}
