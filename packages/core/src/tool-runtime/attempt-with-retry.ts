import type { ToolCall } from '../events/agent-event.js';
import type { FunctionTool } from '../tool-definition/tool.js';
import { isPromiseLike } from '../util/is-promise-like.js';
import { sleep } from '../util/sleep.js';
import { errorText } from './error-text.js';
import { makeToolContext, type CallProgress } from './make-tool-context.js';
import type { CallLink } from './nested-link.js';
import { runAttempt, type AttemptResult } from './run-attempt.js';
import { ToolTimeoutError } from './tool-errors.js';
import { cancelledResult, errorResult } from './tool-result.js';
import type { ToolCallOutcome, ToolRunContext } from './tool-run-context.js';
import type { AttemptSignals } from './attempt-signals.js';

export type { AttemptSignals } from './attempt-signals.js';

const DEFAULT_INITIAL_DELAY_MS = 100;
const DEFAULT_MAX_DELAY_MS = 10_000;

/**
 * Runs a call's attempts under its `config.timeoutMs` and `config.retry` until one succeeds, the policy
 * gives up, or the group is aborted. Retry decisions and `tool-retry` events see exactly what the tool
 * threw. Synchronous for a synchronous tool without a timeout. Never throws. @internal
 */
export function attemptWithRetry(
  call: ToolCall,
  tool: FunctionTool,
  input: unknown,
  context: ToolRunContext,
  signals: AttemptSignals,
  link?: CallLink,
): ToolCallOutcome | Promise<ToolCallOutcome> {
  const retry = tool.config?.retry;
  const maxAttempts = Math.max(1, Math.floor(retry?.maxAttempts ?? 1));
  const progress: CallProgress = { next: 0 };

  const attemptFrom = (attempt: number): ToolCallOutcome | Promise<ToolCallOutcome> => {
    if (context.signal.aborted) return { result: cancelledResult(call) };
    const result = runOnce(call, tool, input, context, signals, attempt, progress, link);
    return isPromiseLike(result) ? result.then((settled) => afterAttempt(settled, attempt)) : afterAttempt(result, attempt);
  };

  const afterAttempt = (result: AttemptResult, attempt: number): ToolCallOutcome | Promise<ToolCallOutcome> => {
    if (result.ok) return result.outcome;
    if (context.signal.aborted) return { result: cancelledResult(call) };
    const { error } = result;
    const again = result.retryable && attempt < maxAttempts && (retry?.retryOn === undefined || safeRetryOn(retry.retryOn, error));
    if (!again) {
      const text = result.partial === undefined ? errorText(error) : `${errorText(error)} (partial result before the error: ${result.partial})`;
      return { result: errorResult(call, text), exception: error };
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
      error,
      delayMs,
    });
    const wait = signals.child();
    return sleep(delayMs, wait.signal).then(
      () => {
        wait.dispose();
        return attemptFrom(attempt + 1);
      },
      () => {
        wait.dispose();
        return { result: cancelledResult(call) };
      },
    );
  };

  return attemptFrom(1);
}

/** One attempt, with its own abortable signal and timer when the tool has a timeout. */
function runOnce(
  call: ToolCall,
  tool: FunctionTool,
  input: unknown,
  context: ToolRunContext,
  signals: AttemptSignals,
  attempt: number,
  progress: CallProgress,
  link: CallLink | undefined,
): AttemptResult | Promise<AttemptResult> {
  const live = { ended: false };
  const timeoutMs = tool.config?.timeoutMs;
  if (timeoutMs === undefined) {
    // No timeout: no timer, and a signal of its own only if the tool reads `ctx.signal` (made then, from
    // the group's one listener); the attempt races the group's abort through that listener too.
    let own: ReturnType<AttemptSignals['child']> | undefined;
    const signal = (): AbortSignal => (live.ended ? context.signal : (own ??= signals.child()).signal);
    const result = runAttempt(call, tool, input, makeToolContext(call, context, signal, attempt, progress, live, link), signals);
    if (!isPromiseLike(result)) {
      live.ended = true;
      own?.dispose();
      return result;
    }
    return result.then((settled) => {
      live.ended = true;
      own?.dispose();
      return settled;
    });
  }
  const abort = signals.child();
  const timer = setTimeout(() => abort.controller.abort(new ToolTimeoutError(call.toolName, timeoutMs)), timeoutMs);
  const end = (settled: AttemptResult): AttemptResult => {
    live.ended = true;
    clearTimeout(timer);
    abort.dispose();
    const reason: unknown = abort.signal.reason;
    // A timed-out attempt fails with the timeout, whatever the abandoned tool threw (or did not).
    return ToolTimeoutError.isInstance(reason) && !settled.ok ? { ok: false, error: reason, retryable: true } : settled;
  };
  // The attempt's own signal (its timeout aborts it too) is what it races.
  const result = runAttempt(call, tool, input, makeToolContext(call, context, abort.signal, attempt, progress, live, link));
  return isPromiseLike(result) ? result.then(end) : end(result);
}

function safeRetryOn(retryOn: (error: unknown) => boolean, error: unknown): boolean {
  try {
    return retryOn(error);
  } catch {
    return false;
  }
}
