import type { BaseEvent, RunFinishedOutcome } from '@ag-ui/core';
import type { StreamableRun } from '../internal/run-like.js';
import { describeFailure, runEventStream } from '../internal/run-event-stream.js';
import { AGUIEventMapper, type PendingApproval } from './agui-event-mapper.js';

/**
 * Options of {@link toAGUIEvents}: the ids the AG-UI client gave the run (`RunAgentInput.threadId` / `runId`).
 *
 * @example
 * ```ts
 * const options: AGUIEventsOptions = { threadId: input.threadId, runId: input.runId };
 * ```
 *
 * @category AG-UI
 */
export interface AGUIEventsOptions {
  readonly threadId: string;
  readonly runId: string;
  /** The `message` of `RUN_ERROR` when the run fails. Default: `"An error occurred."` (provider details stay on the server). */
  readonly onError?: (error: unknown) => string;
}

/**
 * Streams an agent run as AG-UI events (typed with `@ag-ui/core`): `RUN_STARTED`; per model step `STEP_STARTED`,
 * `TEXT_MESSAGE_*`, `REASONING_*`, `TOOL_CALL_START`/`_ARGS`/`_END`, `TOOL_CALL_RESULT` (one per finished call, in
 * completion order; a streaming tool's partial results as `CUSTOM` `tandem.partial-tool-call-result`),
 * `STEP_FINISHED`; then `RUN_FINISHED` — outcome `interrupt` with one interrupt per call waiting for approval (its
 * `id` and `toolCallId` are the call's id), `cancelled` for a cancelled run, else `success` (with
 * `pendingToolCallIds` for frontend tool calls left to the client) — or `RUN_ERROR` when the run fails.
 *
 * Cancelling the stream cancels the run.
 *
 * @example
 * ```ts
 * for await (const event of toAGUIEvents(agent.run(model, 'Hi'), { threadId: 't1', runId: 'r1' })) console.log(event.type);
 * ```
 *
 * @category AG-UI
 */
export function toAGUIEvents(run: StreamableRun, options: AGUIEventsOptions): ReadableStream<BaseEvent> {
  let mapper: AGUIEventMapper | undefined;
  const map = (): AGUIEventMapper => mapper as AGUIEventMapper;
  const pendingCalls: string[] = [];
  return runEventStream<BaseEvent>(run, {
    start(enqueue) {
      mapper = new AGUIEventMapper(enqueue, options.threadId, options.runId);
      mapper.start();
    },
    event(event) {
      if (event.type === 'tool-end' && event.parentToolCallId === undefined) pendingCalls.push(event.toolCall.toolCallId);
      if (event.type === 'tool-call-result') pendingCalls.splice(pendingCalls.indexOf(event.result.toolCallId) >>> 0, 1);
      if (event.type === 'step-start') pendingCalls.length = 0;
      map().event(event);
    },
    fail: (message) => map().fail(message),
    onError: options.onError,
    settle: (settled) => settle(settled, map(), pendingCalls, options),
  });
}

async function settle(run: StreamableRun, mapper: AGUIEventMapper, pendingCalls: readonly string[], options: AGUIEventsOptions): Promise<void> {
  let result: Awaited<StreamableRun['result']> & { readonly interruptions?: readonly PendingApproval[] };
  try {
    result = await run.result;
  } catch (error) {
    mapper.fail(describeFailure(error, options.onError));
    return;
  }
  let outcome: RunFinishedOutcome;
  if (result.stopReason === 'cancelled') outcome = { type: 'cancelled' };
  else if (result.stopReason === 'interrupted' || mapper.approvals.size > 0) outcome = { type: 'interrupt', interrupts: mapper.interrupts(result.interruptions) };
  else if (result.stopReason === 'toolUse' && pendingCalls.length > 0) outcome = { type: 'success', pendingToolCallIds: [...pendingCalls] };
  else outcome = { type: 'success' };
  mapper.finish(outcome);
}
