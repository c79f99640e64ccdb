import {
  Agent,
  resolveModel,
  type AgentEvent,
  type AgentRun,
  type ApprovalDecision,
  type ApprovalRequest,
  type LanguageModelV1,
  type Message,
  type ToolContext,
} from '@tandem/core';
import { shareHooks } from '@tandem/core/runtime';
import { InvocationJournal } from './invocation-journal.js';
import { journaledToolSources } from './journaled-tools.js';
import type { Context, ObjectContext } from '@restatedev/restate-sdk';
import { ApprovalAwakeables } from './approval-awakeables.js';

/**
 * What `restateAgent()` builds once and every invocation shares: the agent with journaled tools and a
 * journaled `approve`, and the way from a tool context or an approval request back to the journal of the
 * invocation it belongs to. @internal
 */
export class DurableAgentSetup {
  /** The user's agent with journaled tools; every run goes through it. */
  readonly agent: Agent;
  private readonly original: Agent;
  private readonly byState = new WeakMap<object, InvocationJournal>();
  private readonly byRun = new Map<string, InvocationJournal>();

  /** @throws TypeError for an agent with a `session` (its store would be written again on every replay). */
  constructor(
    original: Agent,
    private readonly modelReference: LanguageModelV1 | string,
    readonly onEvent: ((event: AgentEvent) => void) | undefined,
  ) {
    if (original.options.session !== undefined) {
      throw new TypeError(
        'restateAgent: the agent has a `session`, whose store would be written again on every replay. A durable run keeps its conversation in Restate: remove `session` and use `keyed: true`.',
      );
    }
    this.original = original;
    this.agent = new Agent({
      ...original.options,
      tools: journaledToolSources(original.options.tools ?? [], (context) => this.journalOfTool(context)),
      approve: (request) => this.approve(request),
      // The journaled approver always answers: under 'interrupt' it waits on an awakeable per call.
      approvals: 'wait',
    });
    // The user's hooks — given to the constructor or added with `original.on()`, also later — run here.
    shareHooks(original, this.agent);
  }

  /** The model of a run (a model id is resolved through the provider registry each time). */
  model(): LanguageModelV1 {
    return typeof this.modelReference === 'string' ? resolveModel(this.modelReference) : this.modelReference;
  }

  /** Whether calls that need approval wait on awakeables (`approvals: 'interrupt'` without an `approve` callback). */
  get waitsOnAwakeables(): boolean {
    return this.original.options.approvals === 'interrupt' && this.original.options.approve === undefined;
  }

  /** A journal for one invocation (`keyed`: `ctx` is a virtual object's, which keeps the pending approvals). */
  journal(ctx: Context, keyed = false): InvocationJournal {
    const awakeables = keyed && this.waitsOnAwakeables ? new ApprovalAwakeables(ctx as ObjectContext) : undefined;
    return new InvocationJournal(ctx, () => this.agent.tools, this.original.options.approve, awakeables);
  }

  /** Starts the agent run of `journal`'s invocation over `messages`, with its model calls journaled. */
  run(journal: InvocationJournal, messages: readonly Message[]): AgentRun {
    const model = this.model();
    const journaledModel: LanguageModelV1 = {
      specificationVersion: 'v1',
      provider: model.provider,
      modelId: model.modelId,
      stream: (request, options) => journal.streamModel(model, request, options),
    };
    const invocationState: Record<string, unknown> = {};
    this.byState.set(invocationState, journal);
    const run = this.agent.run(journaledModel, messages, { signal: journal.signal, invocationState });
    this.byRun.set(run.runId, journal);
    void run.result.then(
      () => this.byRun.delete(run.runId),
      () => this.byRun.delete(run.runId),
    );
    return run;
  }

  private journalOfTool(context: ToolContext): InvocationJournal {
    const journal = this.byState.get(context.invocationState);
    if (journal === undefined) throw new Error('@tandem/restate: a journaled tool ran outside its durable run.');
    return journal;
  }

  private approve(request: ApprovalRequest): Promise<ApprovalDecision> | ApprovalDecision {
    const journal = this.byRun.get(request.runId);
    if (journal === undefined) return { approved: false, reason: 'the durable run of this call is over' };
    return journal.approve(request);
  }
}
