import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import type { ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { Usage } from '../spec/language-model/v1/usage.js';
import type { Message } from '../spec/message/v1/message.js';
import { ContextOverflowError } from '../spec/errors/context-overflow-error.js';
import { callModel, type ModelCallOutcome, type ModelCallTarget } from '../model-call/call-model.js';
import type { ContextInfo, ContextManager } from './context-manager.js';
import { estimateMessageTokens, estimateRequestOverhead } from './estimate-message-tokens.js';
import { windowOf } from './sliding-window.js';

/** What a run gives its context runner. @internal */
export interface ContextRunnerOptions {
  readonly manager: ContextManager | undefined;
  readonly model: LanguageModel;
  /** The run's live history. */
  readonly history: readonly Message[];
  readonly signal: AbortSignal;
  /** Records a message in history (and the session), as the run's recorder does. */
  readonly record: (message: Message, step: number) => Promise<void>;
}

interface Reduction {
  readonly messages: readonly Message[];
  readonly strategy: 'summarize' | 'window';
  readonly beforeTokens: number;
  readonly afterTokens: number;
}

/**
 * A run's context management: what each model call is sent (through the agent's `context` manager), the
 * token estimates the manager sees, and the one reduce-and-retry after a `ContextOverflowError`. Without a
 * manager, requests and calls pass through unchanged. @internal
 */
export class ContextRunner {
  private readonly options: ContextRunnerOptions;
  private lastUsage: Usage | undefined;
  /** `usage.inputTokens` of the last call less the local estimate of its messages (system, tools, estimate error), at least 0. */
  private offset: number | undefined;
  private overhead = 0;
  /** Set after the window halved for an overflow: later calls of the run keep to it. */
  private windowCap: number | undefined;
  private step = 0;

  constructor(options: ContextRunnerOptions) {
    this.options = options;
  }

  /** The request with the messages the manager chose for it. */
  async prepare(request: ModelRequest, step: number): Promise<ModelRequest> {
    const { manager } = this.options;
    if (manager === undefined) return request;
    this.step = step;
    this.overhead = estimateRequestOverhead(request);
    const info = this.info();
    // `request.messages` is a copy of history: what the manager appends (a compaction) is not in it.
    let messages = await manager.prepare(request.messages, info);
    if (this.windowCap !== undefined) messages = windowOf(messages, info, this.windowCap, undefined);
    return { ...request, messages: messages.slice() };
  }

  /** Calls the model; after a context overflow (and with a manager) reduces and retries once. Never throws. */
  async call(request: ModelRequest, signal: AbortSignal, target: ModelCallTarget): Promise<ModelCallOutcome> {
    const outcome = await callModel(this.options.model, request, signal, target);
    this.observe(request, outcome);
    if (!this.recoverable(outcome)) return outcome;
    this.step = target.step;
    let reduction: Reduction | undefined;
    try {
      reduction = await this.reduce(request);
    } catch (error) {
      if (signal.aborted) return { type: 'aborted', parts: [], calls: [] };
      return { type: 'failed', parts: [], calls: [], error };
    }
    if (reduction === undefined) return outcome;
    const { strategy, beforeTokens, afterTokens } = reduction;
    target.emit({ type: 'context-reduced', runId: target.runId, step: target.step, beforeTokens, afterTokens, strategy });
    const retry: ModelRequest = { ...request, messages: reduction.messages.slice() };
    const second = await callModel(this.options.model, retry, signal, target);
    this.observe(retry, second);
    return second;
  }

  private recoverable(outcome: ModelCallOutcome): boolean {
    return (
      this.options.manager !== undefined &&
      outcome.type === 'failed' &&
      ContextOverflowError.isInstance(outcome.error) &&
      outcome.parts.length === 0 &&
      outcome.calls.length === 0
    );
  }

  private async reduce(request: ModelRequest): Promise<Reduction | undefined> {
    const { manager, history } = this.options;
    const info = this.info();
    const beforeTokens = info.estimateTokens(request.messages);
    if (manager?.reduce !== undefined) {
      const messages = await manager.reduce(history.slice(), info);
      const afterTokens = info.estimateTokens(messages);
      if (messages.length > 0 && afterTokens < beforeTokens) return { messages, strategy: 'summarize', beforeTokens, afterTokens };
    }
    const sent = request.messages.filter((message) => message.role !== 'system').length;
    const cap = Math.floor(sent / 2);
    if (cap < 1) return undefined;
    const messages = windowOf(request.messages, info, cap, undefined);
    if (messages.length >= request.messages.length) return undefined;
    this.windowCap = cap;
    return { messages, strategy: 'window', beforeTokens, afterTokens: info.estimateTokens(messages) };
  }

  private observe(request: ModelRequest, outcome: ModelCallOutcome): void {
    if (outcome.type !== 'complete') return;
    this.lastUsage = outcome.usage;
    if (this.options.manager === undefined || !(outcome.usage.inputTokens > 0)) return;
    // Never below zero: where the local estimate runs high, it is kept (a high estimate is the safe side).
    this.offset = Math.max(0, outcome.usage.inputTokens - estimateMessageTokens(request.messages));
  }

  private info(): ContextInfo {
    const { model, signal } = this.options;
    const base = this.offset ?? this.overhead;
    return {
      model,
      ...(this.lastUsage === undefined ? {} : { lastUsage: this.lastUsage }),
      ...(model.maxInputTokens === undefined ? {} : { maxInputTokens: model.maxInputTokens }),
      estimateTokens: (messages) => base + estimateMessageTokens(messages),
      signal,
      appendToHistory: (message) => this.options.record(message, this.step),
    };
  }
}
