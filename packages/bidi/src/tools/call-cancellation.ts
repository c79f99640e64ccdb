import { ToolCancelledError, type FunctionTool, type ToolCallHooks, type ToolContext } from '@tandem/core';
import { toolLabel } from '@tandem/core/runtime';
import type { ToolResult } from '@tandem/core/spec';

const CANCELLED_TEXT = 'The model cancelled this tool call before it finished.';

/**
 * Cancels single running calls when the provider withdraws them (a `tool-cancel` model event), on top of
 * core's tool runtime, which aborts whole groups only. Each executable tool is run through a wrapper whose
 * `ctx.signal` also follows the call's own controller, and which settles at once when that aborts (even if
 * the tool ignores its signal); a cancelled call's result becomes `cancelled` in the `afterToolCall` hook,
 * before its `tool-call-result` event, trace and history see it. Hooks still see the user's own tools.
 * Call ids are unique among running calls (providers number them per session). @internal
 */
export class CallCancellation {
  /** Controllers of the calls that may still be cancelled: started groups' calls until their result. */
  private readonly running = new Map<string, AbortController>();
  private readonly wrappers = new WeakMap<FunctionTool, FunctionTool>();
  private readonly originals = new WeakMap<FunctionTool, FunctionTool>();
  private readonly tables = new WeakMap<ReadonlyMap<string, FunctionTool>, ReadonlyMap<string, FunctionTool>>();

  /**
   * `keyBase` (the session id, else the conversation's run id) prefixes each call's `ctx.idempotencyKey`;
   * `leftRunning` is told of a withdrawn call whose tool ignores its signal (answered `cancelled`, still running).
   */
  constructor(
    private readonly keyBase: string,
    private readonly leftRunning: (toolCallId: string, label: string, promise: PromiseLike<unknown>) => void = () => undefined,
  ) {}

  /** The calls of a group that starts: cancellable until each has its result. */
  track(toolCallIds: readonly string[]): void {
    for (const id of toolCallIds) this.running.set(id, new AbortController());
  }

  /** Forgets calls (their group ended). */
  release(toolCallIds: readonly string[]): void {
    for (const id of toolCallIds) this.running.delete(id);
  }

  /** Aborts the calls of `toolCallIds` that have no result yet; returns their ids. */
  cancel(toolCallIds: readonly string[]): string[] {
    const cancelled: string[] = [];
    for (const id of toolCallIds) {
      const controller = this.running.get(id);
      if (controller === undefined || controller.signal.aborted) continue;
      controller.abort(new ToolCancelledError('The model cancelled this tool call.'));
      cancelled.push(id);
    }
    return cancelled;
  }

  /** `tools` with each executable tool wrapped (the same map object for the same snapshot). */
  tools(tools: ReadonlyMap<string, FunctionTool>): ReadonlyMap<string, FunctionTool> {
    let table = this.tables.get(tools);
    if (table === undefined) {
      table = new Map([...tools].map(([name, tool]) => [name, this.wrap(tool)]));
      this.tables.set(tools, table);
    }
    return table;
  }

  /** The user's hooks, plus the step that turns a cancelled call's result into `cancelled`. */
  hooks(user: ToolCallHooks | undefined): ToolCallHooks {
    const before = user?.beforeToolCall;
    const after = user?.afterToolCall;
    return {
      ...(before === undefined
        ? {}
        : {
            beforeToolCall: async (event) => {
              // The user's hook sees the tool it was given, not the wrapper.
              const view = { ...event, tool: this.originals.get(event.tool) ?? event.tool };
              await before.call(user, view);
              event.input = view.input;
              if (view.cancel !== undefined) event.cancel = view.cancel;
            },
          }),
      afterToolCall: async (event) => {
        const id = event.toolCall.toolCallId;
        const controller = this.running.get(id);
        this.running.delete(id);
        if (controller?.signal.aborted === true) event.result = cancelledResult(event.result);
        if (after !== undefined) await after.call(user, event);
      },
    };
  }

  private wrap(tool: FunctionTool): FunctionTool {
    const execute = tool.execute;
    if (execute === undefined) return tool;
    const known = this.wrappers.get(tool);
    if (known !== undefined) return known;
    const running = this.running;
    const keyBase = this.keyBase;
    const leftRunning = this.leftRunning;
    const retry = tool.config?.retry;
    const wrapper = Object.create(tool, {
      execute: {
        value(input: unknown, given: ToolContext): unknown {
          // Keyed by the session id (else the conversation's run id), so it holds across reconnects and processes.
          const ctx: ToolContext = { ...given, idempotencyKey: `${keyBase}:${given.toolCallId}` };
          const own = running.get(ctx.toolCallId)?.signal;
          if (own === undefined) return execute.call(tool, input, ctx);
          own.throwIfAborted();
          const returned: unknown = execute.call(tool, input, { ...ctx, signal: AbortSignal.any([ctx.signal, own]) });
          const label = toolLabel({ toolCallId: ctx.toolCallId, toolName: tool.name });
          if (isPromiseLike(returned)) {
            const promise = Promise.resolve(returned);
            return raceAbort(promise, own, () => leftRunning(ctx.toolCallId, label, promise));
          }
          if (isAsyncIterable(returned)) return raceIterable(returned, own, (stopping) => leftRunning(ctx.toolCallId, label, stopping));
          return returned;
        },
      },
      // A cancelled call is never retried.
      ...(retry === undefined
        ? {}
        : {
            config: {
              value: {
                ...tool.config,
                retry: {
                  ...retry,
                  retryOn: (error: unknown) => !ToolCancelledError.isInstance(error) && (retry.retryOn === undefined || retry.retryOn(error)),
                },
              },
            },
          }),
    }) as FunctionTool;
    this.wrappers.set(tool, wrapper);
    this.originals.set(wrapper, tool);
    return wrapper;
  }
}

function cancelledResult(result: ToolResult): ToolResult {
  return {
    toolCallId: result.toolCallId,
    toolName: result.toolName,
    status: 'cancelled',
    isError: true,
    result: CANCELLED_TEXT,
    modelInput: { type: 'text', value: CANCELLED_TEXT },
  };
}

/** `promise`, or the signal's reason once it aborts first (then `abandoned` is called: the work goes on unawaited). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal, abandoned?: () => void): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      abandoned?.();
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/**
 * Yields what `iterable` yields until `signal` aborts; then stops it (without waiting) and throws the reason.
 * The stream's unfinished work (a pending `next()`, then its `return()`) is handed to `abandoned`, so the end
 * waits its grace for a stream that ignores its signal, and names it.
 */
async function* raceIterable(
  iterable: AsyncIterable<unknown>,
  signal: AbortSignal,
  abandoned: (stopping: Promise<unknown>) => void,
): AsyncGenerator<unknown, unknown> {
  const iterator = iterable[Symbol.asyncIterator]();
  let done = false;
  let pending: Promise<unknown> | undefined;
  try {
    for (;;) {
      signal.throwIfAborted();
      const next = Promise.resolve(iterator.next());
      pending = next;
      const step = await raceAbort(next, signal);
      pending = undefined;
      if (step.done === true) {
        done = true;
        return step.value;
      }
      yield step.value;
    }
  } catch (error) {
    if (!signal.aborted) done = true; // the tool's own error: its generator is finished
    throw error;
  } finally {
    if (!done) {
      // return() waits behind a pending next(): together they are what is still running.
      const stopped = Promise.resolve(iterator.return?.()).catch(() => undefined);
      const stopping = pending === undefined ? stopped : Promise.all([pending.catch(() => undefined), stopped]);
      if (signal.aborted) abandoned(stopping);
    }
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
}
