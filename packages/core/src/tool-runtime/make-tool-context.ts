import type { ToolCall } from '../events/agent-event.js';
import type { ToolContext } from '../tool-definition/tool-context.js';
import { linkContext, type CallLink } from './nested-link.js';
import type { ToolRunContext } from './tool-run-context.js';

/** Per-call state shared by its attempts: the `seq` of its partial results. @internal */
export interface CallProgress {
  next: number;
}

/**
 * The `ctx` one attempt of a call sees. Once `live.ended` is set (its result is in, it timed out, or the
 * run was cancelled) it stays silent: nothing of an abandoned attempt may follow its call's result or
 * interleave with a retry. @internal
 */
export function makeToolContext(
  call: ToolCall,
  context: ToolRunContext,
  /** The attempt's signal, or a function making it on first read (most tools never read it). */
  signal: AbortSignal | (() => AbortSignal),
  attempt: number,
  progress: CallProgress,
  live: { readonly ended: boolean },
  link?: CallLink,
): ToolContext {
  const idempotencyKey = idempotencyKeyOf(call, context);
  const ctx: ToolContext = {
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    get signal(): AbortSignal {
      return typeof signal === 'function' ? signal() : signal;
    },
    agent: context.agent,
    messages: context.messages,
    invocationState: context.invocationState,
    requestState: context.requestState,
    attempt,
    idempotencyKey,
    progress(value, options) {
      if (live.ended) return;
      context.emit({
        type: 'partial-tool-call-result',
        runId: context.runId,
        step: context.step,
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        value,
        seq: progress.next++,
        ...(options?.label === undefined ? {} : { label: options.label }),
      });
    },
    emit(event) {
      if (live.ended) return;
      // Always a fresh object when the run still has to name its agent on it (the run sets `agentName` in place).
      if (event.parentToolCallId === undefined) context.emit({ ...event, parentToolCallId: call.toolCallId });
      else context.emit(event.agentName === undefined ? { ...event } : event);
    },
  };
  if (link !== undefined) {
    linkContext(ctx, {
      toolCallId: call.toolCallId,
      gate: context.approvals,
      resumeMessages: context.nestedResume?.get(call.toolCallId)?.messages,
      call: link,
    });
  }
  return ctx;
}

/** `<scope>:<toolCallId>`: the session id (else the run id) and the call — the same for every attempt. @internal */
export function idempotencyKeyOf(call: ToolCall, context: ToolRunContext): string {
  return `${context.idempotencyScope ?? context.runId}:${call.toolCallId}`;
}
