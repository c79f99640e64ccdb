import { systemClock } from '@tandem/core';
import { withMessageIds } from '@tandem/core/runtime';
import type { BidiAgentOptions } from '../bidi-agent-options.js';
import { DEFAULT_LATE_RESULT_NOTE } from '../delivery/late-result-note.js';
import type { SessionConfig } from './session-config.js';

const DEFAULT_STOP_GRACE_MS = 2_000;

/**
 * The agent's options as its conversations read them: with a `context` manager, the starting `messages`
 * each with an `id` (a compaction points at the last message it replaces). @internal
 */
export function conversationOptions(options: BidiAgentOptions): BidiAgentOptions {
  return options.context === undefined || options.messages === undefined ? options : { ...options, messages: withMessageIds(options.messages) };
}

/** What every conversation of an agent takes from its options, with the defaults filled in. @internal */
export function sessionSettings(
  options: BidiAgentOptions,
): Pick<
  SessionConfig,
  | 'clock'
  | 'invocationState'
  | 'concurrency'
  | 'approve'
  | 'startMessages'
  | 'telemetry'
  | 'queue'
  | 'reconnect'
  | 'responseWaitMs'
  | 'stopGraceMs'
  | 'lateResultNote'
  | 'guardrails'
  | 'approvals'
> {
  const concurrency = options.toolExecution?.concurrency;
  return {
    clock: options.clock ?? systemClock,
    invocationState: options.invocationState ?? {},
    concurrency: concurrency === 'sequential' ? 1 : concurrency,
    approve: options.approve,
    startMessages: options.messages ?? [],
    telemetry: options.telemetry,
    queue: options.queue ?? {},
    reconnect: {
      maxAttempts: options.reconnect?.maxAttempts ?? 5,
      initialDelayMs: options.reconnect?.initialDelayMs ?? 250,
      maxDelayMs: options.reconnect?.maxDelayMs ?? 5_000,
      marginMs: options.reconnect?.marginMs ?? 30_000,
    },
    responseWaitMs: options.responseWaitMs ?? 5_000,
    stopGraceMs: options.cancelGraceMs ?? options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS,
    lateResultNote: options.lateResultNote ?? DEFAULT_LATE_RESULT_NOTE,
    guardrails: { output: options.guardrails?.output ?? [], intervalChars: options.guardrailIntervalChars ?? 100 },
    approvals: options.approvals ?? 'wait',
  };
}
