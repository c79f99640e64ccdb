import type { BaseEvent, RunFinishedOutcome } from '@ag-ui/core';
import { disposeRun, type StreamableRun } from '../internal/run-like.js';
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
  const iterator = run[Symbol.asyncIterator]();
  let mapper: AGUIEventMapper | undefined;
  let done = false;
  const pendingCalls: string[] = [];
  return new ReadableStream<BaseEvent>(
    {
      start(controller) {
        mapper = new AGUIEventMapper((event) => controller.enqueue(event), options.threadId, options.runId);
        mapper.start();
      },
      async pull(controller) {
        const map = mapper as AGUIEventMapper;
        const before = controller.desiredSize ?? 0;
        while (!done && (controller.desiredSize ?? 0) >= before) {
          let next: IteratorResult<Parameters<AGUIEventMapper['event']>[0]>;
          try {
            next = await iterator.next();
          } catch (error) {
            done = true;
            map.fail(describe(error, options));
            controller.close();
            return;
          }
          if (next.done === true) {
            done = true;
            await settle(run, map, pendingCalls, options);
            controller.close();
            return;
          }
          const event = next.value;
          if (event.type === 'tool-end' && event.parentToolCallId === undefined) pendingCalls.push(event.toolCall.toolCallId);
          if (event.type === 'tool-call-result') pendingCalls.splice(pendingCalls.indexOf(event.result.toolCallId) >>> 0, 1);
          if (event.type === 'step-start') pendingCalls.length = 0;
          map.event(event);
        }
      },
      async cancel() {
        done = true;
        await disposeRun(run);
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

async function settle(run: StreamableRun, mapper: AGUIEventMapper, pendingCalls: readonly string[], options: AGUIEventsOptions): Promise<void> {
  let result: Awaited<StreamableRun['result']> & { readonly interruptions?: readonly PendingApproval[] };
  try {
    result = await run.result;
  } catch (error) {
    mapper.fail(describe(error, options));
    return;
  }
  let outcome: RunFinishedOutcome;
  if (result.stopReason === 'cancelled') outcome = { type: 'cancelled' };
  else if (result.stopReason === 'interrupted' || mapper.approvals.size > 0) outcome = { type: 'interrupt', interrupts: mapper.interrupts(result.interruptions) };
  else if (result.stopReason === 'toolUse' && pendingCalls.length > 0) outcome = { type: 'success', pendingToolCallIds: [...pendingCalls] };
  else outcome = { type: 'success' };
  mapper.finish(outcome);
}

function describe(error: unknown, options: AGUIEventsOptions): string {
  if (options.onError === undefined) return 'An error occurred.';
  try {
    return options.onError(error);
  } catch {
    return 'An error occurred.';
  }
}
