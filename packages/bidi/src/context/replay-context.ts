import { estimateMessageTokens, sleep, type Clock, type ContextInfo, type ContextManager } from '@tandem/core';
import { estimateRequestOverhead } from '@tandem/core/runtime';
import type { BidiConnectRequest, BidiModel, LanguageModel, Message, Usage } from '@tandem/core/spec';
import { BidiContextError } from '../errors/bidi-context-error.js';
import { keepToolPairs } from './keep-tool-pairs.js';

/** How long a connection waits for the context manager before it gets the whole history. */
export const CONTEXT_WAIT_MS = 20_000;

/** What a {@link ReplayContext} needs from its conversation. @internal */
export interface ReplayContextHost {
  readonly clock: Clock;
  /** Aborts when the conversation ends. */
  readonly signal: AbortSignal;
  /** Appends a message a manager records (a `summarize()` compaction) to history and the session. */
  record(message: Message): void;
  /** Reports a non-fatal error (an `error` event). */
  report(error: unknown): void;
}

/**
 * The history a new connection of a conversation is opened with, through the active agent's `context`
 * manager — bounded in time, falling back to the whole history when the manager fails — with every tool
 * call kept with its result ({@link keepToolPairs}). History itself is never changed. @internal
 */
export class ReplayContext {
  private lastUsage: Usage | undefined;

  constructor(private readonly host: ReplayContextHost) {}

  /** Notes a `usage` the model reported (`info.lastUsage`). */
  observe(usage: Usage): void {
    this.lastUsage = usage;
  }

  /** The messages to send with `request` (its `messages` are the replay of history). */
  async prepare(manager: ContextManager | undefined, model: BidiModel, request: Omit<BidiConnectRequest, 'signal' | 'resumeToken'>): Promise<readonly Message[]> {
    const replay = request.messages;
    if (manager === undefined) return replay;
    const { clock, report } = this.host;
    const bound = new AbortController();
    const signal = AbortSignal.any([this.host.signal, bound.signal]);
    const overhead = estimateRequestOverhead({ ...(request.system === undefined ? {} : { system: request.system }), tools: request.tools });
    const info: ContextInfo = {
      model: standIn(model),
      ...(this.lastUsage === undefined ? {} : { lastUsage: this.lastUsage }),
      estimateTokens: (messages) => overhead + estimateMessageTokens(messages),
      signal,
      // What a manager records once it was given up on (or after the end) is dropped.
      appendToHistory: (message) => {
        if (!signal.aborted) this.host.record(message);
        return Promise.resolve();
      },
    };
    const timedOut = sleep(CONTEXT_WAIT_MS, signal, clock).then(
      () => 'timed-out' as const,
      () => 'ended' as const,
    );
    let outcome: { readonly messages: readonly Message[] } | 'timed-out' | 'ended';
    try {
      const prepared = Promise.resolve().then(() => manager.prepare(replay.slice(), info));
      outcome = await Promise.race([prepared.then((messages) => ({ messages })), timedOut]);
    } catch (error) {
      if (!this.host.signal.aborted) report(BidiContextError.isInstance(error) ? error : new BidiContextError({ reason: 'failed', cause: error }));
      return replay;
    } finally {
      bound.abort();
    }
    if (outcome === 'ended') return replay;
    if (outcome === 'timed-out') {
      report(new BidiContextError({ reason: 'timed-out', waitedMs: CONTEXT_WAIT_MS }));
      return replay;
    }
    if (!Array.isArray(outcome.messages)) {
      report(new BidiContextError({ reason: 'failed', cause: new TypeError(`prepare() returned ${typeof outcome.messages}, not a message array`) }));
      return replay;
    }
    return keepToolPairs(replay, outcome.messages);
  }
}

const standIns = new WeakMap<BidiModel, LanguageModel>();

/**
 * `info.model` in a voice call: the realtime model's provider and id, as a text model that cannot be
 * called — its `stream()` throws a `BidiContextError` (`'no-text-model'`), so `summarize()` without a
 * `model` says what to do.
 */
function standIn(model: BidiModel): LanguageModel {
  let text = standIns.get(model);
  if (text === undefined) {
    const name = `${model.provider}:${model.modelId}`;
    text = {
      specificationVersion: 'v1',
      provider: model.provider,
      modelId: model.modelId,
      stream: () => {
        throw new BidiContextError({ reason: 'no-text-model', model: name });
      },
    };
    standIns.set(model, text);
  }
  return text;
}
