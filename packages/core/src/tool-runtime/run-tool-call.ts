import type { ToolCall } from '../events/agent-event.js';
import type { AfterToolCallEvent, BeforeToolCallEvent } from '../agent/agent-hooks.js';
import type { FunctionTool } from '../tool/tool.js';
import type { ToolContext } from '../tool/tool-context.js';
import { sleep } from '../util/sleep.js';
import { errorText } from './error-text.js';
import { parseToolInput } from './parse-tool-input.js';
import { NoSuchToolError, ToolTimeoutError } from './tool-errors.js';
import { cancelledResult, errorResult } from './tool-result.js';
import { runAttempt } from './run-attempt.js';
import type { ToolCallOutcome, ToolRunContext } from './tool-run-context.js';
import { PartialOutputError } from './partial-output-error.js';
import { NonRetryableToolError } from './output-error.js';

const DEFAULT_INITIAL_DELAY_MS = 100;
const DEFAULT_MAX_DELAY_MS = 10_000;

/**
 * Runs one tool call to exactly one result: resolves the tool, parses and validates its input, runs the
 * `beforeToolCall`/`afterToolCall` hooks, attempts with timeout and retry, and emits `tool-retry` and the
 * final `tool-call-result`. Never rejects. @internal
 */
export async function runToolCall(call: ToolCall, context: ToolRunContext): Promise<ToolCallOutcome> {
  let outcome = await produceOutcome(call, context);
  if (context.hooks?.afterToolCall !== undefined) {
    const event: AfterToolCallEvent = {
      runId: context.runId,
      step: context.step,
      toolCall: call,
      result: outcome.result,
      ...(outcome.exception === undefined ? {} : { exception: outcome.exception }),
    };
    try {
      await context.hooks.afterToolCall(event);
      if (event.result !== outcome.result) outcome = { ...outcome, result: event.result };
    } catch (error) {
      outcome = { result: errorResult(call, `afterToolCall hook failed: ${errorText(error)}`), exception: error };
    }
  }
  context.emit({
    type: 'tool-call-result',
    runId: context.runId,
    step: context.step,
    results: [outcome.result],
    ...('exception' in outcome ? { exception: outcome.exception } : {}),
  });
  return outcome;
}

async function produceOutcome(call: ToolCall, context: ToolRunContext): Promise<ToolCallOutcome> {
  if (context.signal.aborted) return { result: cancelledResult(call) };
  const tool = context.tools.get(call.toolName);
  if (tool === undefined) {
    const error = new NoSuchToolError(call.toolName, [...context.tools.keys()]);
    return { result: errorResult(call, error.message), exception: error };
  }
  const parsed = await parseToolInput(call, tool);
  if (!parsed.ok) return { result: errorResult(call, parsed.error.message), exception: parsed.error };

  let input = parsed.input;
  if (context.hooks?.beforeToolCall !== undefined) {
    const event: BeforeToolCallEvent = { runId: context.runId, step: context.step, toolCall: call, tool, input };
    try {
      await context.hooks.beforeToolCall(event);
    } catch (error) {
      return { result: errorResult(call, `beforeToolCall hook failed: ${errorText(error)}`), exception: error };
    }
    if (event.cancel !== undefined) {
      const reason = event.cancel === true ? `Tool call "${call.toolName}" was cancelled by a hook.` : event.cancel;
      return { result: errorResult(call, reason) };
    }
    input = event.input;
  }
  return attemptWithRetry(call, tool, input, context);
}

async function attemptWithRetry(
  call: ToolCall,
  tool: FunctionTool,
  input: unknown,
  context: ToolRunContext,
): Promise<ToolCallOutcome> {
  const retry = tool.config?.retry;
  const maxAttempts = Math.max(1, Math.floor(retry?.maxAttempts ?? 1));
  const sequence = { next: 0 };
  for (let attempt = 1; ; attempt++) {
    if (context.signal.aborted) return { result: cancelledResult(call) };
    const attemptAbort = context.abortFanout.child();
    const timeoutMs = tool.config?.timeoutMs;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => attemptAbort.controller.abort(new ToolTimeoutError(call.toolName, timeoutMs)), timeoutMs);
    const live = { ended: false };
    const toolContext = makeToolContext(call, context, attemptAbort.signal, attempt, sequence, live);
    let failure: unknown;
    try {
      return await runAttempt(call, tool, input, toolContext, context);
    } catch (error) {
      failure = ToolTimeoutError.isInstance(attemptAbort.signal.reason) ? attemptAbort.signal.reason : error;
    } finally {
      live.ended = true;
      if (timer !== undefined) clearTimeout(timer);
      attemptAbort.dispose();
    }
    if (context.signal.aborted) return { result: cancelledResult(call) };
    if (failure instanceof NonRetryableToolError) {
      return { result: errorResult(call, errorText(failure.cause)), exception: failure.cause };
    }
    const partial = partialText(failure);
    const shouldRetry = attempt < maxAttempts && (retry?.retryOn === undefined || safeRetryOn(retry.retryOn, failure));
    if (!shouldRetry) {
      const cause = partial === undefined ? failure : (failure as { cause: unknown }).cause;
      const text = partial === undefined ? errorText(failure) : `${errorText(cause)} (partial result before the error: ${partial})`;
      return { result: errorResult(call, text), exception: cause };
    }
    const initial = retry?.initialDelayMs ?? DEFAULT_INITIAL_DELAY_MS;
    const delayMs = Math.min(initial * 2 ** (attempt - 1), retry?.maxDelayMs ?? DEFAULT_MAX_DELAY_MS);
    context.emit({
      type: 'tool-retry',
      runId: context.runId,
      step: context.step,
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      attempt: attempt + 1,
      error: failure,
      delayMs,
    });
    const wait = context.abortFanout.child();
    try {
      await sleep(delayMs, wait.signal);
    } catch {
      return { result: cancelledResult(call) };
    } finally {
      wait.dispose();
    }
  }
}

function safeRetryOn(retryOn: (error: unknown) => boolean, error: unknown): boolean {
  try {
    return retryOn(error);
  } catch {
    return false;
  }
}

function partialText(failure: unknown): string | undefined {
  return failure instanceof PartialOutputError ? failure.partial : undefined;
}

function makeToolContext(
  call: ToolCall,
  context: ToolRunContext,
  signal: AbortSignal,
  attempt: number,
  sequence: { next: number },
  live: { readonly ended: boolean },
): ToolContext {
  return {
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    signal,
    agent: context.agent,
    messages: context.messages,
    invocationState: context.invocationState,
    requestState: context.requestState,
    attempt,
    // An attempt abandoned (timed out, cancelled, or a tool that ignores its signal) stays silent:
    // nothing of it may follow its call's result or interleave with a retry.
    progress(value, options) {
      if (live.ended) return;
      context.emit({
        type: 'partial-tool-call-result',
        runId: context.runId,
        step: context.step,
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        value,
        seq: sequence.next++,
        ...(options?.label === undefined ? {} : { label: options.label }),
      });
    },
    emit(event) {
      if (live.ended) return;
      context.emit(event.parentToolCallId === undefined ? { ...event, parentToolCallId: call.toolCallId } : event);
    },
  };
}
