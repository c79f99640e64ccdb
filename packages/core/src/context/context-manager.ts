import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import type { Usage } from '../spec/language-model/v1/usage.js';
import type { Message } from '../spec/message/v1/message.js';

/**
 * What a {@link ContextManager} knows when it prepares a model call.
 *
 * @example
 * ```ts
 * const manager: ContextManager = {
 *   prepare: (messages, info) => (info.estimateTokens(messages) > 100_000 ? messages.slice(-20) : messages),
 * };
 * ```
 *
 * @category Context
 */
export interface ContextInfo {
  /** The model the call goes to. */
  readonly model: LanguageModel;
  /** Usage of the run's previous model call (absent before the first response). */
  readonly lastUsage?: Usage;
  /**
   * Estimated input tokens of a request holding `messages` (with the request's system prompt and tools):
   * the previous response's `usage.inputTokens`, corrected by a local estimate (`tokenx`) of how `messages`
   * differ from what that call was sent. Before the first response it is the local estimate alone. Cheap:
   * per-message estimates are cached.
   */
  estimateTokens(messages: readonly Message[]): number;
  /** The model's input limit, when its provider knows it (`model.maxInputTokens`). */
  readonly maxInputTokens?: number;
  /** Aborts when the run is cancelled; pass it to any model call the manager makes. */
  readonly signal: AbortSignal;
  /**
   * Appends a message to the run's history (and its session store, when the run has one) — how
   * `summarize()` records its `compaction`. History is append-only: nothing is ever removed from it.
   */
  appendToHistory(message: Message): Promise<void>;
}

/**
 * Decides what the model is sent from a conversation that may outgrow its window. `prepare` is called
 * before every model call with a copy of the whole history and returns the messages to send (history
 * itself is never changed: a manager adds to it only through `info.appendToHistory`); the agent's `system` prompt stays in `request.system` and is not part of the list.
 *
 * `reduce`, when present, is called once when the model rejected a request as too long
 * (`ContextOverflowError`): return a smaller list for the single retry. Without it, the agent halves the
 * window of the failed request.
 *
 * Rules a manager must keep: every tool call stays with its result (an assistant message and the tool
 * messages right after it go together) — the built-ins never break this.
 *
 * @example
 * ```ts
 * const agent = new Agent({ tools, context: composeContext(trimToolResults({ maxChars: 20_000 }), slidingWindow({ maxTokens: 100_000 })) });
 * ```
 *
 * @category Context
 */
export interface ContextManager {
  prepare(messages: readonly Message[], info: ContextInfo): readonly Message[] | Promise<readonly Message[]>;
  reduce?(messages: readonly Message[], info: ContextInfo): readonly Message[] | Promise<readonly Message[]>;
}
