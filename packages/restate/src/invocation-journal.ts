import { CancelledError, TerminalError, type Context, type RestatePromise } from '@restatedev/restate-sdk';
import {
  errorText,
  type FinishReason,
  type FunctionTool,
  type LanguageModelV1,
  type ModelCallOptions,
  type ModelRequest,
  type ModelStreamPart,
  type ToolContext,
} from '@tandem/core';
import type { AttemptRecord } from './attempt-record.js';
import { callModel } from './call-model.js';
import { deferred, type Deferred } from './deferred.js';
import { setIdempotencyKey } from './idempotency-key.js';
import { fromJournal } from './journal-codec.js';
import { maxAttemptsOf } from './max-attempts.js';
import { attemptReturn, replayEffects } from './replay-attempt.js';
import { rememberRetryDecision } from './retry-decisions.js';
import { runToolAttempt } from './run-tool-attempt.js';
import { StepDriver, type SettledStep } from './step-driver.js';
import { untilAborted } from './until-aborted.js';

const CUT_OFF: ReadonlySet<FinishReason> = new Set(['length', 'content-filter', 'error']);

/** What a tool attempt's step is asked to do: run the call, or nothing (the attempt was not needed). */
type AttemptRequest = { readonly tool: FunctionTool; readonly input: unknown; readonly context: ToolContext } | { readonly skip: true };

interface AttemptSlot {
  readonly request: Deferred<AttemptRequest>;
  readonly settled: Promise<SettledStep<AttemptRecord>>;
  requested: boolean;
  /** Set when the step's action ran in this process (its result was not in the journal yet). */
  ran: boolean;
  thrown: { readonly value: unknown } | undefined;
}

/**
 * The journal of one invocation: the agent loop's model calls and tool calls as `ctx.run` steps.
 *
 * Journal order must be the same on every replay, so steps are created at fixed points only: a model call's
 * step when the agent asks for the response, and — as soon as that response is known — one step for each
 * attempt each call of its tool group may need (call order, then attempt order). A {@link StepDriver}
 * awaits the group's steps together (the SDK allows one await point at a time); each step's action waits
 * until the agent starts that attempt, and the attempts the agent never starts are completed as skipped once
 * the group is over, so the group is fully journaled before the next model call. @internal
 */
export class InvocationJournal {
  private readonly ctx: Context;
  private readonly tools: ReadonlyMap<string, FunctionTool>;
  private readonly invocationId: string;
  private readonly abort = new AbortController();
  private step = 0;
  private calls = new Map<string, readonly AttemptSlot[]>();
  private driver: StepDriver<AttemptRecord> | undefined;
  private readonly onAttemptEnd: () => void;
  /** Set when Restate cancelled the invocation. */
  cancelled: CancelledError | undefined;

  constructor(ctx: Context, tools: ReadonlyMap<string, FunctionTool>) {
    this.ctx = ctx;
    this.tools = tools;
    this.invocationId = String(ctx.request().id);
    // The attempt may end without us (suspension, a lost connection): stop the run's model call and tools then.
    const attemptDone = ctx.request().attemptCompletedSignal;
    this.onAttemptEnd = () => this.abort.abort(new Error('The Restate invocation attempt ended.'));
    if (attemptDone.aborted) this.onAttemptEnd();
    else attemptDone.addEventListener('abort', this.onAttemptEnd, { once: true });
  }

  /** Aborts the agent run: on Restate cancellation and when the invocation attempt ends. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** One model call as one step; the response is replayed as a stream of its parts. */
  async *streamModel(model: LanguageModelV1, request: ModelRequest, options: ModelCallOptions = {}): AsyncGenerator<ModelStreamPart> {
    await this.settle();
    const step = ++this.step;
    let journaled;
    try {
      // Raced with the run's signal: when the attempt ends, the step may never settle in this process.
      journaled = await untilAborted(this.ctx.run(`step ${step} model`, () => callModel(model, request, options)), this.abort.signal);
    } catch (error) {
      if (error instanceof CancelledError) this.cancel(error);
      throw error;
    }
    const parts = journaled.map((part) => fromJournal(part) as ModelStreamPart);
    this.prepareGroup(step, parts);
    yield* parts;
  }

  /** Runs (or replays) one attempt of a tool call through its step. */
  async executeTool(tool: FunctionTool, input: unknown, context: ToolContext): Promise<unknown> {
    const slot = this.calls.get(context.toolCallId)?.[context.attempt - 1];
    if (slot === undefined || slot.requested) {
      const error = new Error(
        `@tandem/restate found no journal step for call "${context.toolCallId}" of tool "${tool.name}" (attempt ${context.attempt}). Only the tool calls of the agent's own model responses run in a durable run.`,
      );
      rememberRetryDecision(error, false);
      throw error;
    }
    slot.requested = true;
    slot.request.resolve({ tool, input, context });
    const settled = await untilAborted(slot.settled, context.signal);
    if ('failure' in settled) throw settled.failure;
    const record = settled.value;
    if (!slot.ran) replayEffects(record.effects, context);
    return attemptReturn({ record, ...(slot.thrown === undefined ? {} : { thrown: slot.thrown }) }, tool, context, rememberRetryDecision);
  }

  /** Ends the current tool group: attempts nobody started are skipped, and every step is journaled. */
  async settle(): Promise<void> {
    for (const slots of this.calls.values()) {
      for (const slot of slots) {
        if (slot.requested) continue;
        slot.requested = true;
        slot.request.resolve({ skip: true });
      }
    }
    const driver = this.driver;
    this.driver = undefined;
    // After the attempt ended nothing settles any more; don't wait for it.
    if (driver !== undefined) await untilAborted(driver.done(), this.ctx.request().attemptCompletedSignal).catch(() => undefined);
  }

  /** The error the invocation ends with when the agent run rejected with `error`. */
  failure(error: unknown): unknown {
    if (this.cancelled !== undefined) return this.cancelled;
    if (this.ctx.request().attemptCompletedSignal.aborted || error instanceof TerminalError) return error;
    // The loop failed on journaled data (a hook or stop condition threw, a malformed response):
    // a retry would replay the same journal and fail the same way.
    return new TerminalError(`The agent run failed: ${errorText(error)}`);
  }

  dispose(): void {
    this.ctx.request().attemptCompletedSignal.removeEventListener('abort', this.onAttemptEnd);
  }

  private prepareGroup(step: number, parts: readonly ModelStreamPart[]): void {
    this.calls = new Map();
    const finish = parts.find((part) => part.type === 'finish');
    if (finish !== undefined && CUT_OFF.has(finish.finishReason)) return;
    const driver = new StepDriver<AttemptRecord>((error) => this.cancel(error));
    for (const part of parts) {
      if (part.type !== 'tool-end' || this.calls.has(part.toolCallId)) continue;
      const tool = this.tools.get(part.toolName);
      if (tool?.execute === undefined) continue;
      const slots: AttemptSlot[] = [];
      for (let attempt = 1; attempt <= maxAttemptsOf(tool); attempt++) slots.push(this.attemptSlot(driver, step, part.toolName, part.toolCallId, attempt));
      this.calls.set(part.toolCallId, slots);
    }
    if (this.calls.size === 0) return;
    this.driver = driver;
    driver.start();
  }

  private attemptSlot(driver: StepDriver<AttemptRecord>, step: number, toolName: string, toolCallId: string, attempt: number): AttemptSlot {
    const request = deferred<AttemptRequest>();
    const key = `${this.invocationId}/${step}/${toolCallId}`;
    const run: RestatePromise<AttemptRecord> = this.ctx.run(`step ${step} tool ${toolName} ${toolCallId} attempt ${attempt}`, async (): Promise<AttemptRecord> => {
      const requested = await request.promise;
      if ('skip' in requested) return { outcome: 'skipped', effects: [] };
      slot.ran = true;
      const result = await runToolAttempt(requested.tool, requested.input, requested.context, (toolContext) => setIdempotencyKey(toolContext, key));
      slot.thrown = result.thrown;
      return result.record;
    });
    const slot: AttemptSlot = { request, settled: driver.add(`${toolCallId}#${attempt}`, run), requested: false, ran: false, thrown: undefined };
    return slot;
  }

  private cancel(error: CancelledError): void {
    this.cancelled ??= error;
    this.abort.abort(error);
  }
}
