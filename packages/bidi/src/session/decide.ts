/**
 * What a conversation knows after an event — everything {@link decide} looks at. @internal
 */
export interface SessionFacts {
  /** The end has begun (nothing more is decided). */
  readonly ending: boolean;
  /** A deferred end (`cancel()` from a tool, `afterCurrentTools`): `waiting` for its groups, or `ready` once they are recorded. */
  readonly deferredEnd: 'none' | 'waiting' | 'ready';
  /** Every input of `run()` has ended. */
  readonly inputsEnded: boolean;
  /** The provider ended the current connection's stream normally. */
  readonly streamEnded: boolean;
  /** A restart waits for a turn boundary (go-away, connection limit). */
  readonly restartWanted: boolean;
  /** A model response is in progress. */
  readonly responseActive: boolean;
  /** The connection is being replaced. */
  readonly reconnecting: boolean;
  /** A tool group is running. */
  readonly toolsRunning: boolean;
  /** Finished groups whose results the model has not surely got. */
  readonly resultsPending: boolean;
  /** Some of those wait to be sent (not in flight on the current connection). */
  readonly resultsWaiting: boolean;
  /** The model takes results while it speaks (`capabilities.nativeAsyncTools`). */
  readonly takesResultsMidResponse: boolean;
  /** Something was just sent and the model has not started answering yet (bounded by `responseWaitMs`). */
  readonly awaitingAnswer: boolean;
}

/**
 * What happens next: nothing, end the conversation (and why), restart the connection at this turn
 * boundary, or hand waiting results to the connection. @internal
 */
export type SessionDecision =
  | { readonly type: 'none' }
  | { readonly type: 'end'; readonly reason: 'complete' | 'user-request' }
  | { readonly type: 'restart' }
  | { readonly type: 'deliver' };

const NONE: SessionDecision = { type: 'none' };

/**
 * The one place a conversation decides, after each event, whether it ends, restarts or delivers results.
 * Pure: the same facts give the same decision. @internal
 */
export function decide(facts: SessionFacts): SessionDecision {
  if (facts.ending) return NONE;
  if (facts.deferredEnd === 'ready') return { type: 'end', reason: 'user-request' };
  if (facts.restartWanted && (facts.streamEnded || !facts.responseActive)) return { type: 'restart' };
  if (facts.streamEnded) return { type: 'end', reason: 'complete' };
  if (facts.reconnecting) return NONE;
  if (facts.resultsWaiting && (facts.takesResultsMidResponse || !facts.responseActive)) return { type: 'deliver' };
  const idle = !facts.toolsRunning && !facts.resultsPending && !facts.responseActive && !facts.awaitingAnswer;
  if (facts.inputsEnded && facts.deferredEnd === 'none' && idle) return { type: 'end', reason: 'complete' };
  return NONE;
}
