import type { AgentEvent, ToolCall } from '@tandem/core';
import { AbortFanout, toolLabel, type ApprovalAnswer, type PendingApprovals } from '@tandem/core/runtime';
import type { BidiToolCall, ToolResult } from '@tandem/core/spec';
import type { BidiEventBody } from '../bidi-event.js';
import { CallCancellation } from './call-cancellation.js';
import type { ConversationHistory } from '../history/conversation-history.js';
import type { SessionConfig } from '../session/session-config.js';
import type { SessionTracer } from '../tracing/session-tracer.js';
import type { ToolSnapshot } from '@tandem/core/runtime';
import { toBidiToolEvent } from './tool-event-mapper.js';
import { groupDelivery } from '../delivery/group-delivery.js';
import { parseToolCalls, startToolGroup, type ToolGroupRun } from './tool-group-run.js';

/** What a {@link ToolGroupTracker} needs from its conversation. @internal */
export interface ToolGroupHost {
  /** The conversation the groups belong to (a late `cancel()` from an old tool must not leak into a new one). */
  readonly owner: object;
  readonly config: SessionConfig;
  readonly history: ConversationHistory;
  /** Aborts every running tool when the conversation ends. */
  readonly signal: AbortSignal;
  /** Where calls of tools with `needsApproval` wait. */
  readonly approvals: PendingApprovals;
  readonly tracer: SessionTracer;
  /** The tools as they are now (a live list is read again). */
  tools(): ToolSnapshot;
  emit(body: BidiEventBody): void;
  /** Forwards an event of a nested agent run by a tool (it carries `parentToolCallId`). */
  emitNested(event: AgentEvent & { readonly parentToolCallId: string }): void;
  /** Completed user turns so far (a group remembers when its calls were made). */
  userTurns(): number;
  /** A group finished and its results were recorded in history. */
  groupFinished(run: ToolGroupRun): void;
}

/**
 * The tool groups of one conversation: starts each on core's runtime (once per call id — a duplicate id
 * from the provider is dropped with a `warning`), and records its results in call order once every call
 * finished. Delivery to the model is the conversation's {@link ResultDelivery}'s job.
 * @internal
 */
export class ToolGroupTracker {
  private readonly running = new Set<ToolGroupRun>();
  private readonly seenIds = new Set<string>();
  private readonly runs = new Map<string, ToolGroupRun>();
  /** Tools an abort answered `cancelled` that kept running (they ignore their signal), until they settle. */
  private readonly leftRunning = new Map<PromiseLike<unknown>, { readonly label: string; readonly groupId: string | undefined }>();
  private count = 0;
  private abortFanout: AbortFanout | undefined;
  private readonly cancellation: CallCancellation;

  constructor(private readonly host: ToolGroupHost) {
    // Stable across reconnects (one conversation) and, with a session, across processes.
    this.cancellation = new CallCancellation(host.config.store?.sessionId ?? host.config.runId, (toolCallId, label, promise) => {
      const group = [...this.runs.values()].find((run) => run.calls.some((call) => call.toolCallId === toolCallId));
      this.leftBehind(label, group?.id, promise);
    });
  }

  /** True while a group runs. */
  get busy(): boolean {
    return this.running.size > 0;
  }

  /** The groups running now. */
  runningGroups(): ToolGroupRun[] {
    return [...this.running];
  }

  /** Starts a group for the calls of one `tool-group` model event. */
  start(modelCalls: readonly BidiToolCall[]): void {
    const fresh = this.dropDuplicates(modelCalls);
    if (fresh.length === 0) return;
    const calls = parseToolCalls(fresh);
    const groupId = `group_${String(this.count + 1)}`;
    this.host.history.addToolCalls(calls);
    for (const call of calls) this.host.emit({ type: 'tool-start', groupId, toolCallId: call.toolCallId, toolName: call.toolName });
    for (const call of calls) this.host.emit({ type: 'tool-end', groupId, toolCall: call });
    this.run(calls, new Map());
  }

  /**
   * Runs again, as one group, calls of a stored conversation that waited for approval (already in the
   * history): each asks again (a `tool-approval-request` event), and `answers` found in the history answer
   * them at once. Their results are recorded and delivered like any group's.
   */
  resume(calls: readonly ToolCall[], answers: ReadonlyMap<string, ApprovalAnswer>): void {
    const fresh = calls.filter((call) => !this.seenIds.has(call.toolCallId));
    for (const call of fresh) this.seenIds.add(call.toolCallId);
    if (fresh.length > 0) this.run(fresh, answers);
  }

  private run(calls: readonly ToolCall[], answers: ReadonlyMap<string, ApprovalAnswer>): void {
    const { config, history } = this.host;
    const index = ++this.count;
    const groupId = `group_${String(index)}`;
    const startedAt = config.clock.now();
    // One listener on the conversation's signal for all groups, however many overlap.
    this.abortFanout ??= new AbortFanout(this.host.signal);
    const abort = this.abortFanout.child();
    const ids = calls.map((call) => call.toolCallId);
    this.cancellation.track(ids);
    const startTrace = this.host.tracer.toolGroupStarter(index, calls);
    const tools = this.host.tools().byName;
    const run = startToolGroup(groupId, this.host.owner, startedAt, {
      calls,
      tools: this.cancellation.tools(tools),
      agent: config.agent,
      messages: history.messages,
      signal: abort.signal,
      invocationState: config.invocationState,
      runId: config.runId,
      step: index,
      emit: (event) => {
        this.forward(event, groupId, startedAt);
        const answer = event.type === 'tool-approval-request' && event.parentToolCallId === undefined ? answers.get(event.toolCallId) : undefined;
        // The call starts waiting right after announcing it: answer on the next microtask.
        if (answer !== undefined && event.type === 'tool-approval-request') void Promise.resolve().then(() => this.host.approvals.answer(event.toolCallId, answer));
      },
      hooks: this.cancellation.hooks(config.hooks),
      approvals: this.host.approvals,
      abandoned: (label, promise) => this.leftBehind(label, groupId, promise),
      ...(config.concurrency === undefined ? {} : { concurrency: config.concurrency }),
      ...(startTrace === undefined ? {} : { startTrace }),
    });
    run.delivery = groupDelivery(calls.map((call) => call.toolName), tools);
    run.userTurnsAtCall = this.host.userTurns();
    this.running.add(run);
    this.runs.set(groupId, run);
    void run.done.then((results) => {
      abort.dispose();
      this.cancellation.release(ids);
      if (!run.finished) this.finished(run, results); // an abandoned group's late results are ignored
    });
  }

  /**
   * The provider withdrew calls (`tool-cancel`): those still without a result are aborted — also while
   * waiting for approval — and recorded `cancelled`. Their groups still deliver one result per call.
   */
  cancel(toolCallIds: readonly string[]): void {
    for (const id of this.cancellation.cancel(toolCallIds)) this.host.approvals.answer(id, { approved: false, reason: undefined });
  }

  /** Resolves once every running group has finished and been recorded. */
  async settleAll(): Promise<void> {
    // Each group's own completion handler (registered first) records its results before this resumes.
    await Promise.all([...this.running].map((run) => run.done));
    // Then the tools the end answered `cancelled` but that kept running: the end waits (its grace) for them too.
    await Promise.all([...this.leftRunning.keys()].map((promise) => Promise.resolve(promise).then(ignore, ignore)));
  }

  private leftBehind(label: string, groupId: string | undefined, promise: PromiseLike<unknown>): void {
    this.leftRunning.set(promise, { label, groupId });
    const settled = (): void => void this.leftRunning.delete(promise);
    promise.then(settled, settled);
  }

  /**
   * The conversation ended and these groups did not finish within the grace period (a tool or hook that
   * ignores its signal): each call without a result is recorded `cancelled` now. Returns how many groups,
   * and what was abandoned: one entry per unanswered call (`tool <name> (<id>)`), or per group whose
   * calls all had results (`tool group <id>`: a hook after them hung).
   */
  abandon(): { readonly groups: number; readonly named: readonly string[] } {
    const stuck = [...this.running];
    const groups = new Set(stuck.map((run) => run.id));
    const named: string[] = [];
    for (const run of stuck) {
      const unanswered = run.calls.filter((call) => !run.settledResults.has(call.toolCallId));
      named.push(...(unanswered.length > 0 ? unanswered.map(toolLabel) : [`tool group ${run.id}`]));
      const results = run.calls.map((call) => run.settledResults.get(call.toolCallId) ?? abandonedResult(call.toolCallId, call.toolName));
      this.finished(run, results);
    }
    // Answered `cancelled` already, but still running: named, and what they do later is ignored.
    for (const { label, groupId } of this.leftRunning.values()) {
      if (!named.includes(label)) named.push(label);
      if (groupId !== undefined) groups.add(groupId);
    }
    this.leftRunning.clear();
    return { groups: groups.size, named };
  }

  /** A call id seen before (in this conversation, or twice in one group) runs once: later copies are dropped. */
  private dropDuplicates(calls: readonly BidiToolCall[]): BidiToolCall[] {
    const fresh: BidiToolCall[] = [];
    for (const call of calls) {
      if (this.seenIds.has(call.toolCallId)) {
        this.host.emit({
          type: 'warning',
          code: 'duplicate-tool-call',
          message: `The model sent tool call "${call.toolCallId}" (${call.toolName}) again; it runs and is answered once, so the copy was dropped.`,
        });
        continue;
      }
      this.seenIds.add(call.toolCallId);
      fresh.push(call);
    }
    return fresh;
  }

  private forward(event: AgentEvent, groupId: string, startedAt: number): void {
    if (event.parentToolCallId !== undefined) {
      this.host.emitNested({ ...event, parentToolCallId: event.parentToolCallId });
      return;
    }
    if (event.type === 'tool-call-result') for (const result of event.results) this.runs.get(groupId)?.settledResults.set(result.toolCallId, result);
    const body = toBidiToolEvent(event, groupId, this.host.config.clock.now() - startedAt);
    if (body !== undefined) this.host.emit(body);
  }

  private finished(run: ToolGroupRun, results: readonly ToolResult[]): void {
    run.finished = true;
    run.results = results;
    this.running.delete(run);
    this.runs.delete(run.id);
    this.host.history.addToolResults(run.id, results);
    this.host.emit({
      type: 'tool-group-complete',
      groupId: run.id,
      results,
      metrics: { durationMs: this.host.config.clock.now() - run.startedAt },
    });
    this.host.groupFinished(run);
  }
}

function ignore(): void {}

const ABANDONED_TEXT = 'The conversation ended before this tool call finished.';

function abandonedResult(toolCallId: string, toolName: string): ToolResult {
  return { toolCallId, toolName, status: 'cancelled', isError: true, result: ABANDONED_TEXT, modelInput: { type: 'text', value: ABANDONED_TEXT } };
}
