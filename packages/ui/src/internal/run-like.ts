import type { AgentEvent, AgentResult } from '@tandem/core';

/**
 * What the UI streams read of a run: its events and its result — an `AgentRun` (of any output type), or
 * anything shaped like one. Disposing it (`await using`) cancels it; the streams do that when the client
 * goes away.
 *
 * @example
 * ```ts
 * const streamable: StreamableRun = agent.run(model, 'Hello');
 * ```
 *
 * @category AI SDK UI
 */
export interface StreamableRun extends AsyncIterable<AgentEvent> {
  readonly runId?: string;
  readonly result: Promise<Pick<AgentResult<unknown>, 'stopReason'>>;
  [Symbol.asyncDispose]?(): PromiseLike<void>;
}

/** Cancels a run that has not ended (no-op for one that has). Never throws. @internal */
export async function disposeRun(run: StreamableRun): Promise<void> {
  try {
    await run[Symbol.asyncDispose]?.();
  } catch {
    // The run reports its own failure through `result`.
  }
}
