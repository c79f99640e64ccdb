import { toToolOutput, type AgentEvent, type FunctionTool, type ToolContext, type ToolOutput } from '@tandem/core';

/** What the server gives a served call. @internal */
export interface ServedCall {
  readonly requestId: string;
  /** Aborts when the client cancels the request (or the connection closes). */
  readonly signal: AbortSignal;
  readonly invocationState: Record<string, unknown>;
  /** Sends a progress notification; resolves once it is written. */
  progress(value: unknown, label: string | undefined): Promise<void>;
  emit(event: AgentEvent): void;
}

/**
 * Runs one call of a served tool the way the agent runtime would: validates the input, runs `execute`
 * with a full `ToolContext`, folds a streaming tool's items through its aggregator (each item is also
 * reported as progress), honours `config.timeoutMs`, and maps the return value to a `ToolOutput`.
 * Throws what the tool throws (or a timeout/validation error).
 * @internal
 */
export async function runServedTool(
  tool: FunctionTool & { execute: NonNullable<FunctionTool['execute']> },
  rawInput: unknown,
  call: ServedCall,
): Promise<ToolOutput> {
  let input = rawInput;
  if (tool.validate !== undefined) {
    const validation = await tool.validate(rawInput);
    if (!validation.success) throw new TypeError(`Invalid arguments for ${tool.name}: ${validation.error}`);
    input = validation.value;
  }
  const cancel = new AbortController();
  const timeoutMs = tool.config?.timeoutMs;
  const signals = [call.signal, cancel.signal];
  if (timeoutMs !== undefined) signals.push(AbortSignal.timeout(timeoutMs));
  const signal = AbortSignal.any(signals);
  const context: ToolContext = {
    toolCallId: `mcp-${call.requestId}`,
    toolName: tool.name,
    idempotencyKey: `mcp:${String(call.requestId)}`,
    signal,
    agent: {
      messages: [],
      cancel: () => cancel.abort(new Error(`${tool.name} cancelled its own call.`)),
    },
    messages: [],
    invocationState: call.invocationState,
    requestState: {},
    attempt: 1,
    progress: (value, options) => {
      void call.progress(value, options?.label);
    },
    emit: (event) => call.emit(event),
  };
  const returned = tool.execute(input, context);
  if (isAsyncIterable(returned)) {
    const Aggregator = tool.aggregator;
    if (Aggregator === undefined) {
      throw new TypeError(`${tool.name} returned an async iterable but has no aggregator; give the tool an aggregator class.`);
    }
    const aggregator = new Aggregator();
    for await (const item of returned) {
      signal.throwIfAborted();
      aggregator.feed(item);
      await call.progress(item, undefined);
    }
    signal.throwIfAborted();
    return toToolOutput(Aggregator.toModelInput(aggregator.snapshot()));
  }
  const output = await untilAborted(Promise.resolve(returned), signal);
  return tool.toModelOutput !== undefined ? tool.toModelOutput(output) : toToolOutput(output);
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
