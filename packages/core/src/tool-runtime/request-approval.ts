import type { ToolCall } from '../events/agent-event.js';
import type { FunctionTool } from '../tool/tool.js';
import { deniedText, type ApprovalAnswer } from './approval.js';
import { errorText } from './error-text.js';
import { makeToolContext } from './make-tool-context.js';
import { ToolTimeoutError } from './tool-errors.js';
import { cancelledResult, errorResult } from './tool-result.js';
import type { ToolCallOutcome, ToolRunContext } from './tool-run-context.js';

/**
 * Asks for approval when the tool needs it: emits `tool-approval-request` and waits for the answer, the
 * group's abort (→ `cancelled`) or the tool's `timeoutMs` (→ a timeout error result). Resolves with the
 * outcome that replaces running the tool, or `undefined` when it may run. @internal
 */
export async function requestApproval(call: ToolCall, tool: FunctionTool, input: unknown, context: ToolRunContext): Promise<ToolCallOutcome | undefined> {
  let needed: boolean;
  try {
    const rule = tool.needsApproval;
    needed =
      typeof rule === 'function'
        ? await rule(input, makeToolContext(call, context, context.signal, 1, { next: 0 }, { ended: true }))
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
  const request = { runId: context.runId, toolCallId: call.toolCallId, toolName: call.toolName, input };
  const answer = await waitBounded(gate.wait(request), context.signal, tool.config?.timeoutMs);
  if (answer === 'aborted' || answer === 'timeout') gate.forget(call.toolCallId);
  if (answer === 'aborted') return { result: cancelledResult(call) };
  if (answer === 'timeout') {
    const error = new ToolTimeoutError(call.toolName, tool.config?.timeoutMs ?? 0, 'waiting for approval');
    return { result: errorResult(call, errorText(error)), exception: error };
  }
  return answer.approved ? undefined : { result: errorResult(call, deniedText(answer.reason)) };
}

function waitBounded(answer: Promise<ApprovalAnswer>, signal: AbortSignal, timeoutMs: number | undefined): Promise<ApprovalAnswer | 'aborted' | 'timeout'> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = (value: ApprovalAnswer | 'aborted' | 'timeout'): void => {
      signal.removeEventListener('abort', onAbort);
      if (timer !== undefined) clearTimeout(timer);
      resolve(value);
    };
    const onAbort = (): void => done('aborted');
    if (signal.aborted) {
      done('aborted');
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    if (timeoutMs !== undefined) timer = setTimeout(() => done('timeout'), timeoutMs);
    void answer.then(done);
  });
}
