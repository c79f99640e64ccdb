import type { ToolOutput } from '../spec/message/v1/tool-output.js';
import type { ToolCall } from '../events/agent-event.js';
import type { AggregatorClass } from '../tool/aggregator.js';
import type { FunctionTool } from '../tool/tool.js';
import type { ToolContext } from '../tool/tool-context.js';
import { raceAbort } from '../internal/linked-abort.js';
import { PartialOutputError } from './partial-output-error.js';
import { toToolOutput } from './to-tool-output.js';
import { mapOutput, NonRetryableToolError } from './output-error.js';
import { successResult } from './tool-result.js';
import type { ToolCallOutcome, ToolRunContext } from './tool-run-context.js';

/**
 * One attempt of a call: runs `execute`, drains an async iterable through the tool's aggregator, and maps
 * the value for the model. Throws on failure (the caller decides on retry); an abort rejects at once,
 * even when the tool ignores its signal. @internal
 */
export async function runAttempt(
  call: ToolCall,
  tool: FunctionTool,
  input: unknown,
  toolContext: ToolContext,
  _context: ToolRunContext,
): Promise<ToolCallOutcome> {
  if (tool.execute === undefined) throw new TypeError(`Tool "${tool.name}" has no execute function.`);
  const returned = tool.execute(input, toolContext);
  // An async iterable may come directly or (from an `async` execute) inside a promise.
  const value = isAsyncIterable(returned) ? returned : await raceAbort(Promise.resolve(returned), toolContext.signal);
  if (isAsyncIterable(value)) {
    if (tool.aggregator === undefined) {
      throw nonRetryable(
        `Tool "${tool.name}" returned an async iterable but has no aggregator. Give it one (TextAggregator, StatusAggregator or SubAgentAggregator from @tandem/aggregators).`,
      );
    }
    return aggregate(call, value, tool.aggregator, toolContext);
  }
  const modelInput: ToolOutput = mapOutput(() => (tool.toModelOutput === undefined ? toToolOutput(value) : tool.toModelOutput(value)));
  return { result: successResult(call, value, modelInput) };
}

async function aggregate(
  call: ToolCall,
  iterable: AsyncIterable<unknown>,
  Aggregator: AggregatorClass,
  toolContext: ToolContext,
): Promise<ToolCallOutcome> {
  const aggregator = new Aggregator();
  const iterator = iterable[Symbol.asyncIterator]();
  let fed = 0;
  let iteratorFailed = false;
  try {
    for (;;) {
      const next = await raceAbort(iterator.next(), toolContext.signal).catch((error: unknown) => {
        iteratorFailed = !toolContext.signal.aborted;
        throw error;
      });
      if (next.done === true) break;
      aggregator.feed(next.value);
      fed++;
      toolContext.progress(next.value);
    }
  } catch (error) {
    // Stop the generator so its `finally` runs (after an abort, or when the aggregator rejected an
    // item); it may be mid-await, so don't wait for it. A generator that threw is already done.
    if (!iteratorFailed) closeIterator(iterator);
    if (fed === 0 || toolContext.signal.aborted) throw error;
    throw new PartialOutputError(error, describePartial(Aggregator, aggregator.snapshot()));
  }
  const snapshot = aggregator.snapshot();
  return { result: successResult(call, snapshot, mapOutput(() => toToolOutput(Aggregator.toModelInput(snapshot)))) };
}

function closeIterator(iterator: AsyncIterator<unknown>): void {
  try {
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  } catch {
    // An iterator whose return() throws has nothing more to clean up.
  }
}

function describePartial(Aggregator: AggregatorClass, snapshot: unknown): string {
  try {
    const output = toToolOutput(Aggregator.toModelInput(snapshot));
    if (output.type === 'text') return JSON.stringify(output.value);
    if (output.type === 'json') return JSON.stringify(output.value);
    return JSON.stringify(output.value.filter((block) => block.type === 'text').map((block) => block.text).join(''));
  } catch {
    return '(unavailable)';
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

function nonRetryable(message: string): NonRetryableToolError {
  return new NonRetryableToolError(new TypeError(message));
}
