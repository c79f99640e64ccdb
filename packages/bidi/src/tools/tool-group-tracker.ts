import type { AgentEvent } from '@tandem/core';
import { AbortFanout, type PendingApprovals } from '@tandem/core/runtime';
import type { BidiConnection, BidiToolCall, ToolResult } from '@tandem/core/spec';
import type { BidiEventBody } from '../bidi-event.js';
import { CallCancellation } from './call-cancellation.js';
import type { ConversationHistory } from '../history/conversation-history.js';
import type { SessionConfig } from '../session/session-config.js';
import type { SessionTracer } from '../tracing/session-tracer.js';
import type { ToolSnapshot } from '@tandem/core/runtime';
import { toBidiToolEvent } from './tool-event-mapper.js';
import { parseToolCalls, startToolGroup, type ToolGroupRun } from './tool-group-run.js';

/** What a {@link ToolGroupTracker} needs from its conversation. @internal */
export interface ToolGroupHost {
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
  /** A group's results were recorded; return false to keep them from the model (the conversation is ending). */
  groupRecorded(run: ToolGroupRun): boolean;
  /** Where results can go right now — `undefined` while reconnecting, ending, or holding them until a response ends. */
  deliveryTarget(): { readonly connection: BidiConnection; readonly generation: number } | undefined;
  resultsSent(): void;
  deliveryFailed(error: unknown, generation: number): void;
  /** Generation of the current connection (changes when it is replaced). */
  connectionGeneration(): number;
  /** Something this tracker was busy with finished (for the idle check). */
  settled(): void;
}

/**
 * The tool groups of one conversation: starts each on core's runtime, records its results in call order
 * once all calls finished, and sends them in one `sendToolResults` call per group — holding them while
 * there is no connection and re-sending after a failed send — so each group reaches the model once.
 * @internal
 */
export class ToolGroupTracker {
  private readonly running = new Set<ToolGroupRun>();
  private undelivered: ToolGroupRun[] = [];
  /** Groups being sent, with the generation of the connection they were handed to. */
  private readonly inFlight = new Map<ToolGroupRun, number>();
  private readonly finishOrder = new WeakMap<ToolGroupRun, number>();
  private count = 0;
  private abortFanout: AbortFanout | undefined;
  private finishedCount = 0;
  private readonly cancellation = new CallCancellation();

  constructor(private readonly host: ToolGroupHost) {}

  /** True while a group runs or has results the model has not got yet. */
  get busy(): boolean {
    return this.running.size > 0 || this.undelivered.length > 0 || this.inFlight.size > 0;
  }

  /**
   * Ids of finished groups whose results the model has not surely got — not sent yet, or being sent — which
   * a history replay leaves out (they are sent to the new connection instead).
   */
  undeliveredIds(): Set<string> {
    return new Set([...this.undelivered, ...this.inFlight.keys()].map((run) => run.id));
  }

  /** The groups running now. */
  runningGroups(): ToolGroupRun[] {
    return [...this.running];
  }

  /** Starts a group for the calls of one `tool-group` model event. */
  start(modelCalls: readonly BidiToolCall[]): void {
    if (modelCalls.length === 0) return;
    const { config, history } = this.host;
    const calls = parseToolCalls(modelCalls);
    const index = ++this.count;
    const groupId = `group_${String(index)}`;
    history.addToolCalls(calls);
    for (const call of calls) this.host.emit({ type: 'tool-start', groupId, toolCallId: call.toolCallId, toolName: call.toolName });
    for (const call of calls) this.host.emit({ type: 'tool-end', groupId, toolCall: call });
    const startedAt = config.clock.now();
    // One listener on the conversation's signal for all groups, however many overlap.
    this.abortFanout ??= new AbortFanout(this.host.signal);
    const abort = this.abortFanout.child();
    const ids = calls.map((call) => call.toolCallId);
    this.cancellation.track(ids);
    const startTrace = this.host.tracer.toolGroupStarter(index, calls);
    const run = startToolGroup(groupId, this.host, startedAt, {
      calls,
      tools: this.cancellation.tools(this.host.tools().byName),
      agent: config.agent,
      messages: history.messages,
      signal: abort.signal,
      invocationState: config.invocationState,
      runId: config.runId,
      step: index,
      emit: (event) => {
        if (event.parentToolCallId !== undefined) {
          this.host.emitNested({ ...event, parentToolCallId: event.parentToolCallId });
          return;
        }
        const body = toBidiToolEvent(event, groupId, config.clock.now() - startedAt);
        if (body !== undefined) this.host.emit(body);
      },
      hooks: this.cancellation.hooks(config.hooks),
      approvals: this.host.approvals,
      ...(config.concurrency === undefined ? {} : { concurrency: config.concurrency }),
      ...(startTrace === undefined ? {} : { startTrace }),
    });
    this.running.add(run);
    void run.done.then((results) => {
      abort.dispose();
      this.cancellation.release(ids);
      this.finished(run, results);
    });
  }

  /**
   * The provider withdrew calls (`tool-cancel`): those still without a result are aborted — also while
   * waiting for approval — and recorded `cancelled`. Their groups still deliver one result per call.
   */
  cancel(toolCallIds: readonly string[]): void {
    for (const id of this.cancellation.cancel(toolCallIds)) this.host.approvals.answer(id, { approved: false, reason: undefined });
  }

  /** Sends every finished group's results the model has not got: one call per group, in finish order. */
  deliverPending(): void {
    if (this.undelivered.length === 0 && this.inFlight.size === 0) return;
    const target = this.host.deliveryTarget();
    if (target === undefined) return;
    // A send to a replaced connection may never settle (a dead socket): the new connection gets the group
    // now, and that stale send is ignored whenever it settles.
    let retaken = false;
    for (const [run, generation] of this.inFlight) {
      if (generation === target.generation) continue;
      this.inFlight.delete(run);
      this.undelivered.push(run);
      retaken = true;
    }
    if (retaken) this.sortUndelivered();
    if (this.undelivered.length === 0) return;
    const groups = this.undelivered;
    this.undelivered = [];
    for (const run of groups) void this.deliver(run, target.connection, target.generation);
  }

  /** Resolves once every running group has finished and been recorded. */
  async settleAll(): Promise<void> {
    // Each group's own completion handler (registered first) records its results before this resumes.
    await Promise.all([...this.running].map((run) => run.done));
  }

  private finished(run: ToolGroupRun, results: readonly ToolResult[]): void {
    run.finished = true;
    run.results = results;
    this.finishOrder.set(run, ++this.finishedCount);
    this.running.delete(run);
    this.host.history.addToolResults(run.id, results);
    this.host.emit({
      type: 'tool-group-complete',
      groupId: run.id,
      results,
      metrics: { durationMs: this.host.config.clock.now() - run.startedAt },
    });
    if (this.host.groupRecorded(run)) this.hold(run);
    this.host.settled();
  }

  /** Keeps `run` for delivery (in finish order) and delivers what can be delivered now. */
  private hold(run: ToolGroupRun): void {
    this.undelivered.push(run);
    this.sortUndelivered();
    this.deliverPending();
  }

  private sortUndelivered(): void {
    this.undelivered.sort((a, b) => (this.finishOrder.get(a) ?? 0) - (this.finishOrder.get(b) ?? 0));
  }

  /**
   * One `sendToolResults` call. The group counts as delivered only if the connection took it and was not
   * replaced meanwhile; otherwise it is sent again to the next connection (whose replay left it out).
   */
  private async deliver(run: ToolGroupRun, connection: BidiConnection, generation: number): Promise<void> {
    this.inFlight.set(run, generation);
    try {
      await connection.sendToolResults(run.results ?? []);
    } catch (error) {
      if (this.inFlight.get(run) !== generation) return; // taken over by a newer connection
      this.inFlight.delete(run);
      if (!this.host.signal.aborted) {
        // Held before the failure restarts the connection, so the replay leaves the results out; delivered
        // after it, so the failing connection is not used again.
        this.undelivered.push(run);
        this.sortUndelivered();
        this.host.deliveryFailed(error, generation);
        this.deliverPending();
      }
      this.host.settled();
      return;
    }
    if (this.inFlight.get(run) !== generation) return; // taken over by a newer connection
    this.inFlight.delete(run);
    if (this.host.signal.aborted) return;
    if (generation === this.host.connectionGeneration()) this.host.resultsSent();
    else this.hold(run);
    this.host.settled();
  }
}
