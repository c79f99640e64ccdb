import type { ToolCall } from '../events/agent-event.js';
import { runToolCall } from './run-tool-call.js';
import { AbortFanout } from '../internal/abort-fanout.js';
import type { ToolCallOutcome, ToolRunContext } from './tool-run-context.js';

/**
 * Runs the calls of one tool group concurrently (up to `concurrency` at once). Calls may be started one
 * by one as they arrive (eager execution) or all at once; `finish()` waits for all of them and returns
 * their outcomes in the order asked for (the model's call order). @internal
 */
export class ToolGroupRunner {
  private readonly running = new Map<string, Promise<ToolCallOutcome>>();
  private readonly waiting: (() => void)[] = [];
  private active = 0;
  private readonly context: ToolRunContext;

  constructor(
    context: Omit<ToolRunContext, 'abortFanout'>,
    private readonly concurrency: number = Number.POSITIVE_INFINITY,
  ) {
    this.context = { ...context, abortFanout: new AbortFanout(context.signal) };
  }

  /** Starts `call` unless it was already started. */
  start(call: ToolCall): void {
    if (this.running.has(call.toolCallId)) return;
    this.running.set(call.toolCallId, this.schedule(call));
  }

  /** Starts any call not yet started and resolves with every outcome, in the order of `calls`. */
  async finish(calls: readonly ToolCall[]): Promise<ToolCallOutcome[]> {
    for (const call of calls) this.start(call);
    try {
      return await Promise.all(calls.map((call) => this.running.get(call.toolCallId) as Promise<ToolCallOutcome>));
    } finally {
      // Calls started eagerly but not asked for here still finish before the listener goes.
      await Promise.all(this.running.values());
      this.context.abortFanout.dispose();
    }
  }

  private async schedule(call: ToolCall): Promise<ToolCallOutcome> {
    // A freed slot is handed straight to the next waiting call, so a call started in between (eager
    // execution) cannot take it too and exceed the limit.
    if (this.active >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await runToolCall(call, this.context);
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.active--;
      else next();
    }
  }
}
