import { CancelledError, TerminalError, type Context } from '@restatedev/restate-sdk';
import {
  errorText,
  type ApprovalDecision,
  type ApprovalRequest,
  type Approver,
  type FinishReason,
  type FunctionTool,
  type LanguageModelV1,
  type ModelCallOptions,
  type ModelRequest,
  type ModelStreamPart,
  type ToolContext,
} from '@tandem/core';
import type { ApprovalAwakeables } from './approval-awakeables.js';
import type { AttemptRecord } from './attempt-record.js';
import { callModel } from './call-model.js';
import { setIdempotencyKey } from './idempotency-key.js';
import { fromJournal } from './journal-codec.js';
import { maxAttemptsOf } from './max-attempts.js';
import { attemptReturn, replayEffects } from './replay-attempt.js';
import { rememberRetryDecision } from './retry-decisions.js';
import { runToolAttempt } from './run-tool-attempt.js';
import { ToolGroupSteps } from './tool-group-steps.js';
import { untilAborted } from './until-aborted.js';

const CUT_OFF: ReadonlySet<FinishReason> = new Set(['length', 'content-filter', 'error']);

interface AttemptRequest {
  readonly tool: FunctionTool;
  readonly input: unknown;
  readonly context: ToolContext;
}

/** How a journaled approval step answers when the agent has no `approve` callback to ask. */
const NO_APPROVER: ApprovalDecision = {
  approved: false,
  reason: 'nothing can approve tool calls in this durable run; give the Agent an `approve` callback',
};

/**
 * The journal of one invocation: the agent loop's model calls, tool-call attempts and approvals as
 * `ctx.run` steps.
 *
 * Journal order must be the same on every replay, so steps are created at fixed points only: a model call's
 * step when the agent asks for the response, and — as soon as that response is known — the steps its tool
 * group may need, in call order: an approval step for a tool with `needsApproval`, then one step per attempt
 * `config.retry` allows. They are awaited together ({@link ToolGroupSteps}); the ones the group did not need
 * are completed as skipped when it ends, before the next model call. @internal
 */
export class InvocationJournal {
  private readonly invocationId: string;
  private readonly abort = new AbortController();
  private step = 0;
  private group: ToolGroupSteps | undefined;
  private readonly thrown = new Map<string, { readonly value: unknown }>();
  private readonly onAttemptEnd: () => void;
  /** Set when Restate cancelled the invocation. */
  cancelled: CancelledError | undefined;

  constructor(
    private readonly ctx: Context,
    /** The agent's executable tools as they are now (journaled wrappers). */
    private readonly tools: () => ReadonlyMap<string, FunctionTool>,
    private readonly approver: Approver | undefined,
    /** Set under `approvals: 'interrupt'` (keyed): calls wait on an awakeable instead of the approver. */
    private readonly awakeables?: ApprovalAwakeables,
  ) {
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
    const key = `${context.toolCallId}#${context.attempt}`;
    if (this.group?.available(key) !== true) {
      const error = new Error(
        `@tandem/restate found no journal step for call "${context.toolCallId}" of tool "${tool.name}" (attempt ${context.attempt}). Only the tool calls of the agent's own model responses run in a durable run.`,
      );
      rememberRetryDecision(error, false);
      throw error;
    }
    const request: AttemptRequest = { tool, input, context };
    const { value: record, ran } = await this.group.take<AttemptRecord>(key, request, context.signal);
    if (!ran) replayEffects(record.effects, context);
    const thrown = this.thrown.get(key);
    return attemptReturn({ record, ...(thrown === undefined ? {} : { thrown }) }, tool, context, rememberRetryDecision);
  }

  /** Answers (or replays the answer to) an approval request through its step. */
  async approve(request: ApprovalRequest): Promise<ApprovalDecision> {
    if (this.awakeables?.has(request.toolCallId) === true) {
      try {
        return await untilAborted(this.awakeables.wait(request), this.abort.signal);
      } catch (error) {
        if (error instanceof CancelledError) this.cancel(error);
        throw error;
      }
    }
    const key = `${request.toolCallId}#approval`;
    if (this.group?.available(key) !== true) return { approved: false, reason: `@tandem/restate found no journal step for approving call "${request.toolCallId}"` };
    return (await this.group.take<ApprovalDecision>(key, request, this.abort.signal)).value;
  }

  /** Ends the current tool group: steps nobody started are skipped, and every step is journaled. */
  async settle(): Promise<void> {
    const group = this.group;
    this.group = undefined;
    this.thrown.clear();
    await group?.end(this.ctx.request().attemptCompletedSignal);
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
    const finish = parts.find((part) => part.type === 'finish');
    if (finish !== undefined && CUT_OFF.has(finish.finishReason)) return;
    const group = new ToolGroupSteps(this.ctx, (error) => this.cancel(error));
    const tools = this.tools();
    const seen = new Set<string>();
    for (const part of parts) {
      if (part.type !== 'tool-end' || seen.has(part.toolCallId)) continue;
      seen.add(part.toolCallId);
      const tool = tools.get(part.toolName);
      if (tool?.execute === undefined) continue;
      const id = part.toolCallId;
      if (tool.needsApproval !== undefined && tool.needsApproval !== false && this.awakeables !== undefined) {
        this.awakeables.prepare(id);
      } else if (tool.needsApproval !== undefined && tool.needsApproval !== false) {
        group.add(`${id}#approval`, `step ${step} approve ${part.toolName} ${id}`, (request: ApprovalRequest) => this.askApprover(request), false);
      }
      const key = `${this.invocationId}/${step}/${id}`;
      for (let attempt = 1; attempt <= maxAttemptsOf(tool); attempt++) {
        const stepKey = `${id}#${attempt}`;
        group.add(
          stepKey,
          `step ${step} tool ${part.toolName} ${id} attempt ${attempt}`,
          async ({ tool: original, input, context }: AttemptRequest): Promise<AttemptRecord> => {
            const result = await runToolAttempt(original, input, context, (toolContext) => setIdempotencyKey(toolContext, key), key);
            if (result.thrown !== undefined) this.thrown.set(stepKey, result.thrown);
            return result.record;
          },
          { outcome: 'skipped', effects: [] } satisfies AttemptRecord,
        );
      }
    }
    if (group.size === 0) return;
    this.group = group;
    group.start();
  }

  /**
   * Asks the agent's `approve` callback, as the agent would: a callback that throws denies. A cancel of the
   * invocation ends the wait (the callback takes no signal), so the group can still be journaled.
   */
  private async askApprover(request: ApprovalRequest): Promise<ApprovalDecision> {
    const approver = this.approver;
    if (approver === undefined) return NO_APPROVER;
    try {
      const decision = await untilAborted(Promise.resolve().then(() => approver(request)), this.abort.signal);
      return typeof decision === 'boolean' ? decision : decision.approved ? { approved: true } : { approved: false, ...(decision.reason === undefined ? {} : { reason: decision.reason }) };
    } catch (error) {
      return { approved: false, reason: `the approver failed (${errorText(error)})` };
    }
  }

  private cancel(error: CancelledError): void {
    this.cancelled ??= error;
    this.abort.abort(error);
  }
}
