import type { Message } from '@tandem/core/spec';
import type { Approver, Guardrail, Handoff, Telemetry, ToolAgent } from '@tandem/core';
import type { ToolGroupOptions } from '@tandem/core/runtime';
import type { Clock } from '@tandem/core';
import type { BidiQueueOptions } from '../bidi-queue-options.js';
import type { SessionWriter } from '../history/session-writer.js';
import type { BidiProfile } from '../handoff/bidi-profile.js';
import type { BidiHandoffTarget } from '../handoff/bidi-handoff-target.js';

/** Reconnect settings, resolved. @internal */
export interface ResolvedReconnect {
  readonly maxAttempts: number;
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
  readonly marginMs: number;
}

/** Everything one conversation needs from its agent. @internal */
export interface SessionConfig {
  readonly runId: string;
  /**
   * The agent the conversation starts with: model, instructions, tools (read again at each connect and
   * before each group: a live list may change) and voice. Handoffs and `update()` replace it.
   */
  readonly profile: BidiProfile;
  /** The profile of a handoff's target, with the model and voice in use where it has none. */
  profileOf(handoff: Handoff<BidiHandoffTarget>, inUse: BidiProfile): BidiProfile;
  /** The agent a starting history was last handed to (its profile), if it is in the graph. */
  resumedProfile(messages: readonly Message[]): BidiProfile | undefined;
  readonly agent: ToolAgent;
  readonly history: readonly Message[];
  readonly clock: Clock;
  readonly invocationState: Record<string, unknown>;
  readonly concurrency: number | undefined;
  readonly hooks: ToolGroupOptions['hooks'];
  /** Answers approval requests (the agent's `approve` option). */
  readonly approve: Approver | undefined;
  /** Appends to the agent's session store, when it has a `session` (one writer per agent). */
  readonly store: SessionWriter | undefined;
  /** Messages new to the store once its history is loaded: the agent's starting `messages`. */
  readonly startMessages: readonly Message[];
  readonly telemetry: Telemetry | undefined;
  readonly queue: BidiQueueOptions;
  readonly reconnect: ResolvedReconnect;
  /** After the inputs ended and results were sent, how long to wait for the model to answer them. */
  readonly responseWaitMs: number;
  /** How long the end waits for a stuck peer, tool, hook or a pending session append. */
  readonly stopGraceMs: number;
  /** Put before late results' model input; `false`: off. */
  readonly lateResultNote: string | false;
  /** Output guardrails on the assistant transcript, and how many new characters trigger a check. */
  readonly guardrails: { readonly output: readonly Guardrail[]; readonly intervalChars: number };
  /** `'spoken'`: the model asks the user and answers approvals with `answer_approval`. */
  readonly approvals: 'wait' | 'spoken';
  /** Called for every message added to the history (the session store, `messageAdded` hooks). */
  messageAdded(message: Message, report: (error: unknown) => void): void;
  /** Resolves once every `messageAdded` hook called so far has settled. */
  hooksSettled(): Promise<void>;
}
