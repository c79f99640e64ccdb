import type { ToolCall } from '../events/agent-event.js';
import type { FunctionTool } from '../tool-definition/tool.js';
import { isPromiseLike } from '../util/is-promise-like.js';
import { messageToJson } from '../messages/message-json.js';
import type { AttemptSignals } from './attempt-signals.js';
import { errorText } from './error-text.js';
import { makeToolContext, type CallProgress } from './make-tool-context.js';
import type { CallLink } from './nested-link.js';
import { isAsyncIterable, runAttempt, settleValue, toolLabel, type AttemptResult } from './run-attempt.js';
import { toolModelInput } from './model-input.js';
import { cancelledResult, errorResult, successResult } from './tool-result.js';
import type { ToolOutput } from '../spec/message/v1/tool-output.js';
import type { ToolCallEnd, ToolCallOutcome, ToolRunContext } from './tool-run-context.js';

type MaybePromise<T> = T | Promise<T>;

/** What turns a call's end into its reported end (the `tool-call-result` event, the trace). */
export type FinishCall = (end: ToolCallEnd) => MaybePromise<ToolCallEnd>;

/**
 * Whether a call of `tool` has exactly one attempt and no timer: no retry policy and no timeout. Such a
 * call takes the fast path of {@link runSingleAttempt}. @internal
 */
export function hasSingleAttempt(tool: FunctionTool): boolean {
  const config = tool.config;
  return config === undefined || (config.timeoutMs === undefined && Math.floor(config.retry?.maxAttempts ?? 1) <= 1);
}

/**
 * The fast path of a call whose tool has one attempt and no timeout (see {@link hasSingleAttempt}):
 * emits `tool-call-start`, runs `execute`, and hands the call's end to `finish` — for a tool returning a
 * promise in one continuation on that promise (no per-layer promises), racing the group's abort through the
 * group's one listener. It gives exactly what the general path (`attemptWithRetry` with one attempt) gives:
 * the same results, events and their order. Never throws. @internal
 */
export function runSingleAttempt(
  call: ToolCall,
  tool: FunctionTool,
  input: unknown,
  context: ToolRunContext,
  signals: AttemptSignals,
  finish: FinishCall,
): MaybePromise<ToolCallEnd> {
  context.emit({ type: 'tool-call-start', runId: context.runId, step: context.step, toolCallId: call.toolCallId, toolName: call.toolName, input });
  if (context.signal.aborted) return finish({ result: cancelledResult(call) });
  const attempt = new SingleAttempt(call, context, signals, finish);
  const ctx = makeToolContext(call, context, attempt.signal, 1, attempt, attempt, attempt);
  if (tool.execute === undefined) {
    const result = runAttempt(call, tool, input, ctx, signals);
    return isPromiseLike(result) ? result.then((settled) => attempt.end(settled)) : attempt.end(result);
  }
  let returned: unknown;
  try {
    returned = tool.execute(input, ctx);
  } catch (error) {
    return attempt.end({ ok: false, error, retryable: true });
  }
  if (isAsyncIterable(returned) || !isPromiseLike(returned)) return attempt.settle(tool, returned, ctx);
  return attempt.wait(tool, returned, ctx);
}

/** The state of the one attempt of a call: its `ctx.signal`, its progress `seq`, its nested run's link. */
class SingleAttempt implements CallProgress, CallLink {
  ended = false;
  next = 0;
  interruption: CallLink['interruption'] = undefined;
  private own: ReturnType<AttemptSignals['child']> | undefined;
  private settled = false;
  private resolve: ((end: MaybePromise<ToolCallEnd>) => void) | undefined;
  private promise: PromiseLike<unknown> | undefined;

  constructor(
    private readonly call: ToolCall,
    private readonly context: ToolRunContext,
    private readonly signals: AttemptSignals,
    private readonly finish: FinishCall,
  ) {}

  /** `ctx.signal`: made on first read (most tools never read it) from the group's one listener. */
  readonly signal = (): AbortSignal => (this.ended ? this.context.signal : (this.own ??= this.signals.child()).signal);

  /** A value the tool returned or resolved with (an async iterable is drained first). */
  settle(tool: FunctionTool, value: unknown, ctx: Parameters<typeof settleValue>[3]): MaybePromise<ToolCallEnd> {
    if (isAsyncIterable(value)) {
      const result = settleValue(this.call, tool, value, ctx, this.signals);
      return isPromiseLike(result) ? result.then((settled) => this.end(settled)) : this.end(result);
    }
    // A plain value (the common case): mapped for the model here, without an intermediate attempt result.
    let modelInput: ToolOutput;
    try {
      modelInput = toolModelInput(tool, value);
    } catch (error) {
      return this.end({ ok: false, error, retryable: false });
    }
    return this.close({ result: successResult(this.call, value, modelInput) });
  }

  /** Waits for the tool's promise, or for the group's abort, whichever comes first. */
  wait(tool: FunctionTool, promise: PromiseLike<unknown>, ctx: Parameters<typeof settleValue>[3]): Promise<ToolCallEnd> {
    return new Promise<ToolCallEnd>((resolve) => {
      this.resolve = resolve;
      this.promise = promise;
      this.signals.watch(this.onAbort);
      // Both handlers are attached, so a promise abandoned by the abort never rejects unhandled.
      Promise.resolve(promise).then(
        (value) => {
          if (this.settle_()) resolve(this.settle(tool, value, ctx));
        },
        (error: unknown) => {
          if (this.settle_()) resolve(this.end({ ok: false, error, retryable: true }));
        },
      );
    });
  }

  /** How the attempt ended → how the call ends (as `attemptWithRetry` and `execute` map it), finished. */
  end(result: AttemptResult): MaybePromise<ToolCallEnd> {
    return this.close(result.ok ? result.outcome : failed(this.call, this.context, result));
  }

  /** Ends the attempt with `outcome`; a nested run that paused turns the call into an interruption. */
  private close(outcome: ToolCallOutcome): MaybePromise<ToolCallEnd> {
    this.ended = true;
    this.own?.dispose();
    const { call, context } = this;
    const nested = this.interruption;
    if (nested === undefined || context.signal.aborted) return this.finish(outcome);
    const requests = nested.requests.map((request) => ({ ...request, runId: context.runId, parentToolCallId: call.toolCallId }));
    return this.finish({ interruption: { requests, state: nested.messages.map(messageToJson) } });
  }

  private readonly onAbort = (reason: unknown): void => {
    if (!this.settle_()) return;
    // The tool is left running: the run may have to abandon it after its grace (and then names it).
    if (this.promise !== undefined) this.context.abandoned?.(toolLabel(this.call), this.promise);
    // Ended in a later microtask, as a rejected race would end it: an abort never reports results synchronously.
    this.resolve?.(Promise.resolve().then(() => this.end({ ok: false, error: reason, retryable: true })));
  };

  /** Marks the race as decided; false when it already was. */
  private settle_(): boolean {
    if (this.settled) return false;
    this.settled = true;
    this.signals.unwatch(this.onAbort);
    return true;
  }
}

/** A failed attempt's outcome: `cancelled` once the group is aborted, else an error result with what the tool threw. */
function failed(call: ToolCall, context: ToolRunContext, result: Extract<AttemptResult, { ok: false }>): ToolCallOutcome {
  if (context.signal.aborted) return { result: cancelledResult(call) };
  const { error } = result;
  const text = result.partial === undefined ? errorText(error) : `${errorText(error)} (partial result before the error: ${result.partial})`;
  return { result: errorResult(call, text), exception: error };
}
