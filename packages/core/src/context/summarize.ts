import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import type { Message } from '../spec/message/v1/message.js';
import { newId } from '../util/new-id.js';
import { toLanguageModel, type ModelReference } from '../provider-registry/to-language-model.js';
import type { ContextInfo, ContextManager } from './context-manager.js';
import { IncompleteResponseError } from '../spec/errors/incomplete-response-error.js';
import { applyCompaction, isSummaryMessage, summaryMessage, summaryText } from './apply-compaction.js';
import { loadSummaryWriter } from './load-summary-writer.js';

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
    const { planSummary, writeSummary, SUMMARY_INSTRUCTIONS } = await loadSummaryWriter();
    info.signal.throwIfAborted();
    const plan = planSummary(view, keepRecent, summaryOf);
    if (plan === undefined) return view;
    const summarizer = modelFor(info);
    const summary = await writeSummary(summarizer, plan.older, options.instructions ?? SUMMARY_INSTRUCTIONS, info.signal, summaryOf);
    if (summary === undefined) throw new IncompleteResponseError({ provider: summarizer.provider });
    await info.appendToHistory({
      id: newId('msg'),
      role: 'system',
      parts: [{ type: 'compaction', summary, replacesThroughMessageId: plan.lastId }],
    });
    return [...plan.systems, summaryMessage(summary), ...view.slice(plan.split)];
  };
  return {
    prepare: async (messages, info) => {
      const view = applyCompaction(messages);
      return info.estimateTokens(view) > triggerTokens ? compact(view, info) : view;
    },
    reduce: (messages, info) => compact(applyCompaction(messages), info),
  };
}

/** The text of a summary this manager sent earlier (it goes into the next transcript as it is). */
function summaryOf(message: Message): string | undefined {
  return isSummaryMessage(message) ? summaryText(message) : undefined;
}
