import type { ToolCall } from '../events/agent-event.js';
import type { AfterToolCallEvent, BeforeToolCallEvent } from '../hooks/tool-call-hooks.js';
import type { FunctionTool } from '../tool/tool.js';
import type { ToolCallTrace } from '../telemetry/telemetry.js';
import { isPromiseLike } from '../internal/is-promise-like.js';
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
  const outcome = produceOutcome(call, context, signals, slot);
  const finish = (produced: ToolCallEnd): MaybePromise<ToolCallEnd> => {
    if (isInterruption(produced)) return interrupted(produced, call, trace);
    const after = context.hooks?.afterToolCall === undefined ? produced : runAfterToolCall(call, produced, context);
    return isPromiseLike(after) ? after.then(report) : report(after);
  };
  const report = (final: ToolCallOutcome): ToolCallOutcome => reportOutcome(final, context, trace);
  return isPromiseLike(outcome) ? outcome.then(finish) : finish(outcome);
}

function interrupted(end: ToolCallEnd, call: ToolCall, trace: ToolCallTrace | undefined): ToolCallEnd {
  try {
    trace?.end(cancelledResult(call, 'Waiting for approval: the run was interrupted.'));
  } catch {
    // Tracing never breaks a run.
  }
  return end;
}

function produceOutcome(call: ToolCall, context: ToolRunContext, signals: AttemptSignals, slot: CallSlot | undefined): MaybePromise<ToolCallEnd> {
  if (context.signal.aborted) return { result: cancelledResult(call) };
  const tool = context.tools.get(call.toolName);
  if (tool === undefined) {
    const error = new NoSuchToolError(call.toolName, [...context.tools.keys()]);
    return { result: errorResult(call, error.message), exception: error };
  }
  const parsed = parseToolInput(call, tool);
  return isPromiseLike(parsed)
    ? parsed.then((settled) => afterParse(settled, call, tool, context, signals, slot))
    : afterParse(parsed, call, tool, context, signals, slot);
}

function afterParse(
  parsed: ParsedInput,
  call: ToolCall,
  tool: FunctionTool,
  context: ToolRunContext,
  signals: AttemptSignals,
  slot: CallSlot | undefined,
): MaybePromise<ToolCallEnd> {
  if (!parsed.ok) return { result: errorResult(call, parsed.error.message), exception: parsed.error };
  if (context.hooks?.beforeToolCall === undefined && tool.needsApproval === undefined) {
    return execute(call, tool, parsed.input, context, signals);
  }
  return gateAndRun(call, tool, parsed.input, context, signals, slot);
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
