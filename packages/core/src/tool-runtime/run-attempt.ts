import type { ToolOutput } from '../spec/message/v1/tool-output.js';
import type { ToolCall } from '../events/agent-event.js';
import type { AggregatorClass } from '../tool-definition/aggregator.js';
import type { FunctionTool } from '../tool-definition/tool.js';
import type { ToolContext } from '../tool-definition/tool-context.js';
import { isPromiseLike } from '../util/is-promise-like.js';
import { raceAbort } from '../util/linked-abort.js';
import { aggregatorModelInput, toolModelInput } from './model-input.js';
import { successResult } from './tool-result.js';
import type { ToolCallOutcome } from './tool-run-context.js';
import type { AttemptSignals } from './attempt-signals.js';

/**
 * How one attempt ended. A failure carries exactly what the tool threw (`error`), whether running the
 * tool again could help (`retryable`: not when the tool succeeded but its value could not be mapped for
 * the model, or when it cannot work at all), and for a streaming tool the output it produced before the
 * error. @internal
 */
export type AttemptResult =
  | { readonly ok: true; readonly outcome: ToolCallOutcome }
  | { readonly ok: false; readonly error: unknown; readonly retryable: boolean; readonly partial?: string };

/**
 * One attempt of a call: runs `execute`, drains an async iterable through the tool's aggregator, and maps
 * the value for the model. Synchronous for a tool that returns a plain value. An abort settles it at once
 * (as a failure carrying the signal's reason), even when the tool ignores its signal. Never throws. @internal
 */
export function runAttempt(
  call: ToolCall,
  tool: FunctionTool,
  input: unknown,
  context: ToolContext,
  signals?: Pick<AttemptSignals, 'race'>,
): AttemptResult | Promise<AttemptResult> {
  if (tool.execute === undefined) return notRetryable(new TypeError(`Tool "${tool.name}" has no execute function.`));
  let returned: unknown;
  try {
    returned = tool.execute(input, context);
  } catch (error) {
    return { ok: false, error, retryable: true };
  }
  if (isAsyncIterable(returned)) return aggregate(call, tool, returned, context, signals);
  if (!isPromiseLike(returned)) return settleValue(call, tool, returned, context, signals);
  return race(returned, context, signals, toolLabel(call)).then(
    (value) => settleValue(call, tool, value, context, signals),
    (error: unknown): AttemptResult => ({ ok: false, error, retryable: true }),
  );
}

type Races = Pick<AttemptSignals, 'race'> | undefined;

/**
 * Settles like `promise`, or rejects as soon as the attempt is aborted: through the group's one abort
 * listener when the runtime gives `signals` (then `ctx.signal` may be the group's, shared by every call),
 * else by listening to the attempt's own signal.
 */
function race<T>(promise: PromiseLike<T>, context: ToolContext, signals: Races, label?: string): Promise<T> {
  return signals === undefined ? raceAbort(promise, context.signal) : signals.race(promise, label);
}

/**
 * How a run names a call's work it may abandon: `tool <name> (<toolCallId>)` — the label `abandoned()` of
 * {@link runToolGroup} receives and `RunAbandonedWorkError.abandoned` lists.
 *
 * @example
 * ```ts
 * toolLabel({ toolCallId: 'c1', toolName: 'search', toolArgs: '{}' }); // 'tool search (c1)'
 * ```
 *
 * @category Tool runtime
 */
export function toolLabel(call: Pick<ToolCall, 'toolCallId' | 'toolName'>): string {
  return `tool ${call.toolName} (${call.toolCallId})`;
}

/** The result of an attempt whose tool returned (or resolved with) `value`. @internal */
export function settleValue(call: ToolCall, tool: FunctionTool, value: unknown, context: ToolContext, signals: Pick<AttemptSignals, 'race'> | undefined): AttemptResult | Promise<AttemptResult> {
  // An async iterable may also come inside a promise (from an `async` execute).
  if (isAsyncIterable(value)) return aggregate(call, tool, value, context, signals);
  let modelInput: ToolOutput;
  try {
    modelInput = toolModelInput(tool, value);
  } catch (error) {
    return notRetryable(error);
  }
  return { ok: true, outcome: { result: successResult(call, value, modelInput) } };
}

async function aggregate(call: ToolCall, tool: FunctionTool, iterable: AsyncIterable<unknown>, context: ToolContext, signals: Races): Promise<AttemptResult> {
  const Aggregator = tool.aggregator;
  if (Aggregator === undefined) {
    return notRetryable(
      new TypeError(
        `Tool "${tool.name}" returned an async iterable but has no aggregator. Give it one (TextAggregator, StatusAggregator or SubAgentAggregator from @tandem/aggregators).`,
      ),
    );
  }
  const aggregator = new Aggregator();
  const iterator = iterable[Symbol.asyncIterator]();
  let fed = 0;
  for (;;) {
    let next: IteratorResult<unknown>;
    try {
      next = await race(iterator.next(), context, signals, toolLabel(call));
    } catch (error) {
      // A generator that threw is done; one abandoned by an abort may be mid-await: stop it so its
      // `finally` runs, without waiting for it.
      if (context.signal.aborted) {
        closeIterator(iterator);
        return { ok: false, error, retryable: true };
      }
      return failure(error, fed, Aggregator, aggregator);
    }
    if (next.done === true) break;
    try {
      aggregator.feed(next.value);
    } catch (error) {
      closeIterator(iterator);
      return failure(error, fed, Aggregator, aggregator);
    }
    fed++;
    context.progress(next.value);
  }
  const snapshot = aggregator.snapshot();
  let modelInput: ToolOutput;
  try {
    modelInput = aggregatorModelInput(Aggregator, snapshot);
  } catch (error) {
    return notRetryable(error);
  }
  return { ok: true, outcome: { result: successResult(call, snapshot, modelInput) } };
}

function failure(error: unknown, fed: number, Aggregator: AggregatorClass, aggregator: { snapshot(): unknown }): AttemptResult {
  if (fed === 0) return { ok: false, error, retryable: true };
  return { ok: false, error, retryable: true, partial: describePartial(Aggregator, aggregator) };
}

function notRetryable(error: unknown): AttemptResult {
  return { ok: false, error, retryable: false };
}

function closeIterator(iterator: AsyncIterator<unknown>): void {
  try {
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  } catch {
    // An iterator whose return() throws has nothing more to clean up.
  }
}

function describePartial(Aggregator: AggregatorClass, aggregator: { snapshot(): unknown }): string {
  try {
    const output = aggregatorModelInput(Aggregator, aggregator.snapshot());
    if (output.type === 'text') return JSON.stringify(output.value);
    if (output.type === 'json') return JSON.stringify(output.value);
    return JSON.stringify(output.value.filter((block) => block.type === 'text').map((block) => block.text).join(''));
  } catch {
    return '(unavailable)';
  }
}

/** Whether a tool's return value is a stream to aggregate (an async iterable that is not also a promise). @internal */
export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function' &&
    typeof (value as { then?: unknown }).then !== 'function'
  );
}
