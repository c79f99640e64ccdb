import type { ToolCall } from '../events/agent-event.js';
import type { FunctionTool } from '../tool-definition/tool.js';
import type { NeedsApproval } from '../tool-definition/tool.js';
import type { AttemptSignals } from './attempt-with-retry.js';
import { deniedText, type ApprovalAnswer, type ApprovalInterrupt, type ApprovalRequest } from './approval.js';
import type { CallSlot } from './call-slot.js';
import { errorText } from './error-text.js';
import { makeToolContext } from './make-tool-context.js';
import { cancelledResult, errorResult } from './tool-result.js';
import type { ToolCallEnd, ToolRunContext } from './tool-run-context.js';

type Waited = ApprovalAnswer | ApprovalInterrupt | 'aborted' | 'timeout';

/**
 * Asks for approval when the tool needs it: emits `tool-approval-request` and waits for the answer, the
 * group's abort or a deferred end (→ `cancelled`), or `approvalTimeoutMs` (→ "The approval timed out
 * after <n> ms"). The tool's `timeoutMs` does not bound the wait, and the call gives its concurrency slot
 * back while it waits. Resolves with what replaces running the tool (an outcome, or an interruption under
 * `approvals: 'interrupt'`), or `undefined` when it may run. @internal
 */
export async function requestApproval(
  call: ToolCall,
  tool: FunctionTool,
  input: unknown,
  context: ToolRunContext,
  slot?: CallSlot,
): Promise<ToolCallEnd | undefined> {
  const given = context.preApproved?.get(call.toolCallId);
  if (given !== undefined) return given.approved ? undefined : { result: errorResult(call, deniedText(given.reason)) };
  let needed: boolean;
  try {
    const rule = tool.needsApproval;
    needed =
      typeof rule === 'function'
        ? await askRule(rule, call, input, context)
        : rule === true;
  } catch (error) {
    return { result: errorResult(call, `needsApproval failed: ${errorText(error)}`), exception: error };
  }
  if (!needed) return undefined;
  if (context.signal.aborted) return { result: cancelledResult(call) };
  const gate = context.approvals;
  if (gate === undefined) {
    const text = `Tool "${call.toolName}" needs approval, but nothing here can approve it (no approver is configured).`;
    return { result: errorResult(call, text) };
  }
  context.emit({ type: 'tool-approval-request', runId: context.runId, step: context.step, toolCallId: call.toolCallId, toolName: call.toolName, input });
  const request: ApprovalRequest = { runId: context.runId, toolCallId: call.toolCallId, toolName: call.toolName, input };
  const timeoutMs = tool.config?.approvalTimeoutMs ?? context.approvalTimeoutMs;
  slot?.release();
  const cancelWait = slot?.beginApprovalWait();
  // A signal of its own that follows the group's through its one listener: waits never pile listeners on it.
  const own = context.signals?.child();
  const answer = await waitBounded(gate.wait(request), [own?.signal ?? context.signal, cancelWait], timeoutMs);
  own?.dispose();
  slot?.endApprovalWait();
  if (answer === 'aborted' || answer === 'timeout') gate.forget(call.toolCallId);
  if (answer === 'aborted') return { result: cancelledResult(call) };
  if (answer === 'timeout') return { result: errorResult(call, `The approval timed out after ${String(timeoutMs)} ms`) };
  if ('interrupt' in answer) return { interruption: { requests: [request] } };
  if (!answer.approved) return { result: errorResult(call, deniedText(answer.reason)) };
  await slot?.reacquire();
  return context.signal.aborted ? { result: cancelledResult(call) } : undefined;
}

/** Calls a `needsApproval` function with the call's context; its signal is made only if it reads it. */
async function askRule(
  rule: NeedsApproval<never>,
  call: ToolCall,
  input: unknown,
  context: ToolRunContext,
): Promise<boolean> {
  let own: ReturnType<AttemptSignals['child']> | undefined;
  const live = { ended: true };
  const signal = (): AbortSignal => (context.signals === undefined ? context.signal : (own ??= context.signals.child()).signal);
  try {
    return await rule(input as never, makeToolContext(call, context, signal, 1, { next: 0 }, live));
  } finally {
    own?.dispose();
  }
}

function waitBounded(
  answer: Promise<ApprovalAnswer | ApprovalInterrupt>,
  signals: readonly (AbortSignal | undefined)[],
  timeoutMs: number | undefined,
): Promise<Waited> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = (value: Waited): void => {
      for (const signal of signals) signal?.removeEventListener('abort', onAbort);
      if (timer !== undefined) clearTimeout(timer);
      resolve(value);
    };
    const onAbort = (): void => done('aborted');
    if (signals.some((signal) => signal?.aborted === true)) {
      done('aborted');
      return;
    }
    for (const signal of signals) signal?.addEventListener('abort', onAbort, { once: true });
    if (timeoutMs !== undefined) timer = setTimeout(() => done('timeout'), timeoutMs);
    void answer.then(done);
  });
}
