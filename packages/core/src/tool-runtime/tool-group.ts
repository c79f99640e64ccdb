import type { ToolCall } from '../events/agent-event.js';
import type { ToolGroupTrace } from '../telemetry/telemetry.js';
import { AbortFanout } from '../util/abort-fanout.js';
import { isPromiseLike } from '../util/is-promise-like.js';
import { linkedAbort, type LinkedAbort } from '../util/linked-abort.js';
import type { AttemptSignals } from './attempt-with-retry.js';
import { approveForCaller } from './approve-for-caller.js';
import { SlotPool, type CallSlot } from './call-slot.js';
import { runToolCall } from './run-tool-call.js';
import { cancelledResult } from './tool-result.js';
import { isInterruption, type ToolCallEnd, type ToolCallInterruption, type ToolCallOutcome, type ToolRunContext } from './tool-run-context.js';

/** What a call's slot reaches of its group. */
interface SlotOwner {
  readonly pool: SlotPool;
  readonly approvalWaits: Map<string, AbortController>;
  checkDeferredEnd(): void;
}

/** A call's slot, as the group tracks it (one object per call, its methods shared). */
class HeldSlot implements CallSlot {
  held = false;

  constructor(
    private readonly owner: SlotOwner,
    private readonly toolCallId: string,
    private readonly pooled: boolean,
  ) {}

  release(): void {
    if (!this.held) return;
    this.held = false;
    this.owner.pool.give();
  }

  async reacquire(): Promise<void> {
    if (!this.pooled) return;
    await this.owner.pool.take();
    this.held = true;
  }

  beginApprovalWait(): AbortSignal {
    const wait = new AbortController();
    this.owner.approvalWaits.set(this.toolCallId, wait);
    this.owner.checkDeferredEnd();
    return wait.signal;
  }

  endApprovalWait(): void {
    this.owner.approvalWaits.delete(this.toolCallId);
  }
}

/** What a {@link ToolGroup} needs: the shared call context, minus what the group owns. @internal */
export interface ToolGroupSetup extends Omit<ToolRunContext, 'signal' | 'trace'> {
  /** Aborting it aborts every call of the group. */
  readonly parentSignal: AbortSignal;
  /** Calls running at once; default unbounded. */
  readonly concurrency?: number;
  /** Starts the group's trace when its first call starts (telemetry on). */
  readonly startTrace?: (calls: readonly ToolCall[]) => ToolGroupTrace;
  /**
   * Whether the run ends after this group (a deferred end: stop tool, `cancel({ afterCurrentTools })`):
   * then calls still waiting for approval get `cancelled` results once the rest has finished. Call
   * {@link ToolGroup.checkDeferredEnd} when it becomes true.
   */
  readonly endsAfterGroup?: () => boolean;
}

/**
 * One tool group — the calls of one model response — run concurrently. Calls may start one by one
 * (eager execution) or together; `settle()` waits for them once; `finish()` hands back exactly one
 * outcome per call in the model's order and is the one place where a call that never got a result is
 * paired with a `cancelled` one (unless it stays pending for the caller). @internal
 */
export class ToolGroup {
  /** Made on first use: a step whose response has no calls never links a controller to the run's signal. */
  private link: LinkedAbort | undefined;
  private readonly outcomes = new Map<string, ToolCallOutcome>();
  private readonly started = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private readonly interrupted = new Map<string, ToolCallInterruption>();
  private readonly approvalWaits = new Map<string, AbortController>();
  private readonly pool: SlotPool;
  /** Started calls that have not ended yet. */
  private unfinished = 0;
  private settling = false;
  private context: ToolRunContext | undefined;
  private trace: ToolGroupTrace | undefined;
  private fanout: AbortFanout | undefined;
  private finished = false;
  private slotOwner: SlotOwner | undefined;
  private readonly signals: AttemptSignals = {
    child: () => this.fanoutOf().child(),
    race: (promise, label) => {
      const raced = this.fanoutOf().race(promise);
      const abandoned = this.setup.abandoned;
      if (label === undefined || abandoned === undefined) return raced;
      // An abort that wins the race leaves the tool running: the run may have to abandon it (named then).
      raced.then(undefined, () => {
        if (this.abortLink.signal.aborted) abandoned(label, promise);
      });
      return raced;
    },
    watch: (listener) => this.fanoutOf().watch(listener),
    unwatch: (listener) => this.fanout?.unwatch(listener),
  };

  constructor(private readonly setup: ToolGroupSetup) {
    this.pool = new SlotPool(setup.concurrency ?? Number.POSITIVE_INFINITY);
  }

  private get abortLink(): LinkedAbort {
    return (this.link ??= linkedAbort(this.setup.parentSignal));
  }

  /** The group's signal (what its calls' signals follow). */
  get signal(): AbortSignal {
    return this.abortLink.signal;
  }

  /** Whether `call` was started (eagerly or by `settle`). */
  has(call: ToolCall): boolean {
    return this.started.has(call.toolCallId);
  }

  /** Starts `call` unless it was already started. It waits for a concurrency slot, except while it waits for approval. */
  start(call: ToolCall): void {
    if (this.finished || this.started.has(call.toolCallId)) return;
    this.started.add(call.toolCallId);
    this.unfinished++;
    const context = (this.context ??= this.makeContext(call));
    const slot = this.slotFor(call.toolCallId, true);
    if (this.pool.tryTake()) {
      slot.held = true;
      this.track(call, runToolCall(call, context, this.signals, slot), slot);
      return;
    }
    // A freed slot is handed straight to the next waiting call, so a call started in between (eager
    // execution) cannot take it too and exceed the limit.
    const queued = this.pool.take().then(() => {
      slot.held = true;
      this.track(call, runToolCall(call, context, this.signals, slot), slot);
    });
    this.keepUntilSettled(queued);
  }

  /**
   * Asks approval for `call`, a call of a tool without `execute` that needs approval. Approved, it gets no
   * outcome and stays pending for the caller; denied (or cancelled, or timed out) it gets that outcome.
   * Takes no concurrency slot: nothing runs. `settle()` waits for the answer.
   */
  askApprovalForCaller(call: ToolCall): void {
    if (this.finished || this.started.has(call.toolCallId)) return;
    this.started.add(call.toolCallId);
    this.unfinished++;
    const context = (this.context ??= this.makeContext(call));
    const slot = this.slotFor(call.toolCallId, false);
    const answered = approveForCaller(call, context, slot).then((end) => {
      if (end === undefined) this.ended();
      else this.record(call, end, slot);
    });
    this.keepUntilSettled(answered);
  }

  /** Whether any call ended waiting for a person. */
  get anyInterrupted(): boolean {
    return this.interrupted.size > 0;
  }

  /** Whether `call` ended waiting for a person (`approvals: 'interrupt'`), and for which requests. */
  interruption(call: ToolCall): ToolCallInterruption['interruption'] | undefined {
    return this.interrupted.get(call.toolCallId)?.interruption;
  }

  /**
   * Cancels the approval waits once only they are left, when the run ends after this group. Called when
   * a call ends, when a wait begins, and by the run when a deferred end is requested.
   */
  checkDeferredEnd(): void {
    if (!this.settling || this.approvalWaits.size === 0 || this.unfinished > this.approvalWaits.size) return;
    if (this.setup.endsAfterGroup?.() !== true) return;
    for (const wait of this.approvalWaits.values()) wait.abort();
  }

  /** Whether `call` has its outcome (a result) in this group. */
  hasOutcome(call: ToolCall): boolean {
    return this.outcomes.has(call.toolCallId);
  }

  /** Aborts every call that has not finished: each gets a `cancelled` result (its signal aborts too). */
  abort(reason: unknown): void {
    if (this.finished && this.link === undefined) return; // ended without a call: nothing to abort, nothing to link
    this.abortLink.controller.abort(reason);
  }

  /** Starts each of `calls` not yet started, then waits until every started call has its outcome. */
  async settle(calls: readonly ToolCall[] = []): Promise<void> {
    for (const call of calls) this.start(call);
    this.settling = true;
    this.checkDeferredEnd();
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /**
   * The outcomes of `calls`, in their order, after {@link settle}. A call without an outcome (never
   * started: pending for the caller, or skipped) is paired with a `cancelled` result — and reported
   * like any result — unless `keepPending` says it stays pending. Ends the group: call it once.
   */
  finish(calls: readonly ToolCall[], keepPending: (call: ToolCall) => boolean = () => false): ToolCallOutcome[] {
    this.finished = true;
    const ordered: ToolCallOutcome[] = [];
    for (const call of calls) {
      const outcome = this.outcomes.get(call.toolCallId) ?? (keepPending(call) ? undefined : this.pairUnanswered(call));
      if (outcome !== undefined) ordered.push(outcome);
    }
    this.link?.dispose();
    this.fanout?.dispose();
    try {
      this.trace?.end(ordered.map((outcome) => outcome.result));
    } catch {
      // Tracing never breaks a run.
    }
    return ordered;
  }

  private pairUnanswered(call: ToolCall): ToolCallOutcome {
    const context = (this.context ??= this.makeContext(call));
    const outcome: ToolCallOutcome = { result: cancelledResult(call) };
    const trace = context.trace?.startToolCall(call);
    context.emit({ type: 'tool-call-result', runId: context.runId, step: context.step, result: outcome.result, results: [outcome.result] });
    try {
      trace?.end(outcome.result);
    } catch {
      // Tracing never breaks a run.
    }
    this.outcomes.set(call.toolCallId, outcome);
    return outcome;
  }

  private track(call: ToolCall, end: ToolCallEnd | Promise<ToolCallEnd>, slot: HeldSlot): void {
    if (!isPromiseLike(end)) {
      this.record(call, end, slot);
      return;
    }
    // One reaction per call: the outcome is recorded and the call leaves the running set together.
    const done: Promise<void> = end.then((settled) => {
      this.running.delete(done);
      this.record(call, settled, slot);
    });
    this.running.add(done);
  }

  private slotFor(toolCallId: string, pooled: boolean): HeldSlot {
    return new HeldSlot((this.slotOwner ??= { pool: this.pool, approvalWaits: this.approvalWaits, checkDeferredEnd: () => this.checkDeferredEnd() }), toolCallId, pooled);
  }

  /** `settle()` waits for `work`; it leaves the set once done. */
  private keepUntilSettled(work: Promise<void>): void {
    this.running.add(work);
    void work.then(() => this.running.delete(work));
  }

  private record(call: ToolCall, end: ToolCallEnd, slot: HeldSlot): void {
    if (isInterruption(end)) this.interrupted.set(call.toolCallId, end);
    else this.outcomes.set(call.toolCallId, end);
    slot.release();
    this.ended();
  }

  private ended(): void {
    this.unfinished--;
    this.checkDeferredEnd();
  }

  /** The group's one listener on its signal, fanning out to every call's signal and race. */
  private fanoutOf(): AbortFanout {
    return (this.fanout ??= new AbortFanout(this.abortLink.signal));
  }

  private makeContext(first: ToolCall): ToolRunContext {
    const { parentSignal: _parent, concurrency: _concurrency, startTrace, endsAfterGroup: _ends, ...shared } = this.setup;
    let trace: ToolGroupTrace | undefined;
    try {
      trace = startTrace?.([first]);
    } catch {
      trace = undefined;
    }
    this.trace = trace;
    return { ...shared, signal: this.abortLink.signal, signals: this.signals, trace };
  }
}
