import { ToolTimeoutError, type FunctionTool, type JsonValue, type ToolAgent, type ToolContext } from '@tandem/core';
import type { AttemptRecord, ToolEffect } from './attempt-record.js';
import { thrownToJournal, toJournal } from './journal-codec.js';
import { untilAborted } from './until-aborted.js';

/** What one attempt produced: the record to journal, and — when the tool threw — exactly what it threw. @internal */
export interface AttemptResult {
  readonly record: AttemptRecord;
  readonly thrown?: { readonly value: unknown };
}

/**
 * Runs one attempt of a tool call inside its `ctx.run` step and turns every way it can end into a value:
 * a result, the items a streaming tool yielded (drained here, so they are journaled), a throw together with
 * the tool's own retry decision, a timeout or a cancel. The attempt ends at once when its signal aborts, even
 * if the tool ignores the signal, so the step is journaled before the agent moves on. `context` is the
 * agent's context of this attempt; the tool receives a copy that records what it does to the run
 * (`progress`, `emit`, `agent.cancel`), so a replay can do it again. @internal
 */
export async function runToolAttempt(
  tool: FunctionTool,
  input: unknown,
  context: ToolContext,
  withContext: (toolContext: ToolContext) => void,
  idempotencyKey?: string,
): Promise<AttemptResult> {
  const effects: ToolEffect[] = [];
  const live = { open: true };
  const toolContext = recordingContext(context, effects, live, idempotencyKey);
  withContext(toolContext);
  const { signal } = context;
  let items: unknown[] | undefined;
  try {
    const returned = (tool.execute as NonNullable<FunctionTool['execute']>).call(tool, input, toolContext);
    const value = isAsyncIterable(returned) ? returned : await untilAborted(Promise.resolve(returned), signal);
    if (isAsyncIterable(value)) {
      items = [];
      // Without an aggregator the agent rejects the iterable at once; don't run the generator for nothing.
      if (tool.aggregator !== undefined) await drain(value, items, signal);
      else closeIterator(value[Symbol.asyncIterator]());
      return { record: { outcome: 'stream', items: items.map((item) => toJournal(item)), effects } };
    }
    return { record: { outcome: 'value', value: toJournal(value), effects } };
  } catch (thrown) {
    if (signal.aborted) return { record: abortedRecord(signal.reason, effects) };
    const retry = retryDecision(tool, thrown);
    const journaled = thrownToJournal(thrown);
    if (items !== undefined && items.length > 0) {
      try {
        const journaledItems = items.map((item) => toJournal(item));
        return { record: { outcome: 'stream', items: journaledItems, thrown: journaled, retry, effects }, thrown: { value: thrown } };
      } catch {
        // An item without a JSON form: journal the throw alone.
      }
    }
    return { record: { outcome: 'error', thrown: journaled, retry, effects }, thrown: { value: thrown } };
  } finally {
    live.open = false;
  }
}

/** What the tool's `retryOn` says of `thrown` (true without one), as the agent decides it; a throwing `retryOn` means no. */
function retryDecision(tool: FunctionTool, thrown: unknown): boolean {
  const retryOn = tool.config?.retry?.retryOn;
  if (retryOn === undefined) return true;
  try {
    return retryOn.call(tool.config?.retry, thrown);
  } catch {
    return false;
  }
}

function abortedRecord(reason: unknown, effects: readonly ToolEffect[]): AttemptRecord {
  if (ToolTimeoutError.isInstance(reason)) return { outcome: 'timeout', timeoutMs: reason.timeoutMs, effects };
  return { outcome: 'cancelled', effects };
}

/** The tool's view of its context: everything it does to the run is recorded while the attempt is open. */
function recordingContext(context: ToolContext, effects: ToolEffect[], live: { readonly open: boolean }, idempotencyKey: string | undefined): ToolContext {
  const agent: ToolAgent = {
    get messages() {
      return context.agent.messages;
    },
    cancel(options) {
      if (live.open) {
        effects.push({
          type: 'cancel',
          ...(options?.message === undefined ? {} : { message: options.message }),
          ...(options?.afterCurrentTools === undefined ? {} : { afterCurrentTools: options.afterCurrentTools }),
        });
      }
      context.agent.cancel(options);
    },
  };
  return {
    ...context,
    // The durable key (`<invocation>/<step>/<call>`) is stable across replays and worker restarts too.
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    agent,
    progress(value, options) {
      if (live.open) effects.push({ type: 'progress', value: toJournal(value), ...(options?.label === undefined ? {} : { label: options.label }) });
      context.progress(value, options);
    },
    emit(event) {
      if (live.open) effects.push({ type: 'emit', event: toJournal(event) as JsonValue });
      context.emit(event);
    },
  };
}

async function drain(iterable: AsyncIterable<unknown>, items: unknown[], signal: AbortSignal): Promise<void> {
  const iterator = iterable[Symbol.asyncIterator]();
  let done = false;
  try {
    for (;;) {
      const next = await untilAborted(iterator.next(), signal);
      if (next.done === true) {
        done = true;
        return;
      }
      items.push(next.value);
    }
  } catch (error) {
    // A generator that threw is finished; only an abandoned one needs closing.
    done = !signal.aborted;
    throw error;
  } finally {
    if (!done) closeIterator(iterator);
  }
}

function closeIterator(iterator: AsyncIterator<unknown>): void {
  try {
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  } catch {
    // Nothing more to clean up.
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function' &&
    typeof (value as { then?: unknown }).then !== 'function'
  );
}
