import type { ToolCall } from '../events/agent-event.js';
import type { AfterToolCallEvent, BeforeToolCallEvent } from '../hooks/tool-call-hooks.js';
import type { FunctionTool } from '../tool-definition/tool.js';
import type { ToolCallTrace } from '../telemetry/telemetry.js';
import { isPromiseLike } from '../util/is-promise-like.js';
import { messageToJson } from '../messages/message-json.js';
import type { CallSlot } from './call-slot.js';
import type { CallLink } from './nested-link.js';
import { attemptWithRetry, type AttemptSignals } from './attempt-with-retry.js';
import { reportOutcome } from './report-outcome.js';
import { requestApproval } from './request-approval.js';
import { errorText } from './error-text.js';
import { parseToolInput, type ParsedInput } from './parse-tool-input.js';
import { NoSuchToolError } from './tool-errors.js';
import { cancelledResult, errorResult } from './tool-result.js';
import { isInterruption, type ToolCallEnd, type ToolCallOutcome, type ToolRunContext } from './tool-run-context.js';
import { hasSingleAttempt, runSingleAttempt, type FinishCall } from './single-attempt.js';

type MaybePromise<T> = T | Promise<T>;

/**
 * Runs one tool call to exactly one end: resolves the tool, validates its input, runs the
 * `beforeToolCall` hook, waits for approval when the tool needs it (without its concurrency slot), emits
 * `tool-call-start`, attempts it under its timeout and retry policy, runs the `afterToolCall` hook, and
 * emits the call's `tool-call-result`. Under `approvals: 'interrupt'` a call can instead end interrupted
 * (no result, no `tool-call-result`): its own approval is pending, or the nested run it started paused.
 * A synchronous tool with no hooks and no approval finishes synchronously (no promise at all). Never throws.
 * @internal
 */
export function runToolCall(call: ToolCall, context: ToolRunContext, signals: AttemptSignals, slot?: CallSlot): MaybePromise<ToolCallEnd> {
  const trace = context.trace?.startToolCall(call);
  const report = (final: ToolCallOutcome): ToolCallOutcome => reportOutcome(final, context, trace);
  const finish: FinishCall = (produced) => {
    if (isInterruption(produced)) return interrupted(produced, call, trace);
    if (context.hooks?.afterToolCall === undefined) return report(produced);
    return runAfterToolCall(call, produced, context).then(report);
  };
  return produceOutcome(call, context, signals, slot, finish);
}

function interrupted(end: ToolCallEnd, call: ToolCall, trace: ToolCallTrace | undefined): ToolCallEnd {
  try {
    trace?.end(cancelledResult(call, 'Waiting for approval: the run was interrupted.'));
  } catch {
    // Tracing never breaks a run.
  }
  return end;
}

/** Runs the call up to its end and hands that to `finish` (each path calls it exactly once). */
function produceOutcome(call: ToolCall, context: ToolRunContext, signals: AttemptSignals, slot: CallSlot | undefined, finish: FinishCall): MaybePromise<ToolCallEnd> {
  if (context.signal.aborted) return finish({ result: cancelledResult(call) });
  const tool = context.tools.get(call.toolName);
  if (tool === undefined) {
    const error = new NoSuchToolError(call.toolName, [...context.tools.keys()]);
    return finish({ result: errorResult(call, error.message), exception: error });
  }
  const parsed = parseToolInput(call, tool);
  return isPromiseLike(parsed)
    ? parsed.then((settled) => afterParse(settled, call, tool, context, signals, slot, finish))
    : afterParse(parsed, call, tool, context, signals, slot, finish);
}

function afterParse(
  parsed: ParsedInput,
  call: ToolCall,
  tool: FunctionTool,
  context: ToolRunContext,
  signals: AttemptSignals,
  slot: CallSlot | undefined,
  finish: FinishCall,
): MaybePromise<ToolCallEnd> {
  if (!parsed.ok) return finish({ result: errorResult(call, parsed.error.message), exception: parsed.error });
  if (context.hooks?.beforeToolCall === undefined && tool.needsApproval === undefined) {
    // The fast path: one attempt, no timer — one continuation from the tool's promise to the call's end.
    if (hasSingleAttempt(tool)) return runSingleAttempt(call, tool, parsed.input, context, signals, finish);
    return thenFinish(execute(call, tool, parsed.input, context, signals), finish);
  }
  return gateAndRun(call, tool, parsed.input, context, signals, slot).then(finish);
}

function thenFinish(end: MaybePromise<ToolCallEnd>, finish: FinishCall): MaybePromise<ToolCallEnd> {
  return isPromiseLike(end) ? end.then(finish) : finish(end);
}

/** Emits `tool-call-start` and runs the attempts; a nested run that paused turns the call into an interruption. */
function execute(call: ToolCall, tool: FunctionTool, input: unknown, context: ToolRunContext, signals: AttemptSignals): MaybePromise<ToolCallEnd> {
  context.emit({ type: 'tool-call-start', runId: context.runId, step: context.step, toolCallId: call.toolCallId, toolName: call.toolName, input });
  const link: CallLink = { interruption: undefined };
  const outcome = attemptWithRetry(call, tool, input, context, signals, link);
  const check = (settled: ToolCallOutcome): ToolCallEnd => {
    const nested = link.interruption;
    if (nested === undefined || context.signal.aborted) return settled;
    const requests = nested.requests.map((request) => ({ ...request, runId: context.runId, parentToolCallId: call.toolCallId }));
    return { interruption: { requests, state: nested.messages.map(messageToJson) } };
  };
  return isPromiseLike(outcome) ? outcome.then(check) : check(outcome);
}

/** The slow path: hooks and approval, both possibly async. */
async function gateAndRun(
  call: ToolCall,
  tool: FunctionTool,
  parsedInput: unknown,
  context: ToolRunContext,
  signals: AttemptSignals,
  slot: CallSlot | undefined,
): Promise<ToolCallEnd> {
  let input = parsedInput;
  const before = context.hooks?.beforeToolCall;
  if (before !== undefined) {
    const event: BeforeToolCallEvent = { runId: context.runId, step: context.step, toolCall: call, tool, input };
    try {
      await before(event);
    } catch (error) {
      return { result: errorResult(call, `beforeToolCall hook failed: ${errorText(error)}`), exception: error };
    }
    if (event.cancel !== undefined) {
      const reason = event.cancel === true ? `Tool call "${call.toolName}" was cancelled by a hook.` : event.cancel;
      return { result: errorResult(call, reason) };
    }
    input = event.input;
  }
  if (context.signal.aborted) return { result: cancelledResult(call) };
  if (tool.needsApproval !== undefined || context.preApproved?.has(call.toolCallId) === true) {
    const gated = await requestApproval(call, tool, input, context, slot);
    if (gated !== undefined) return gated;
  }
  return execute(call, tool, input, context, signals);
}

async function runAfterToolCall(call: ToolCall, outcome: ToolCallOutcome, context: ToolRunContext): Promise<ToolCallOutcome> {
  const event: AfterToolCallEvent = {
    runId: context.runId,
    step: context.step,
    toolCall: call,
    result: outcome.result,
    ...(outcome.exception === undefined ? {} : { exception: outcome.exception }),
  };
  try {
    await context.hooks?.afterToolCall?.(event);
  } catch (error) {
    return { result: errorResult(call, `afterToolCall hook failed: ${errorText(error)}`), exception: error };
  }
  return event.result === outcome.result ? outcome : { ...outcome, result: event.result };
}
