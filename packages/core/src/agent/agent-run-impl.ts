import type { AgentEvent } from '../events/agent-event.js';
import type { EventQueue } from '../util/event-queue.js';
import type { PendingApprovals } from '../tool-runtime/pending-approvals.js';
import type { AgentResult, AgentRun } from './agent-types.js';

/** The {@link AgentRun} handed to users: a buffered event stream plus the result promise. @internal */
export class AgentRunImpl<Output> implements AgentRun<Output> {
  readonly runId: string;
  private readonly outcome: Promise<AgentResult<Output>>;
  private readonly queue: EventQueue<AgentEvent>;
  private readonly cancelRun: () => void;
  private readonly approvals: PendingApprovals;
  private readonly settled: Promise<unknown>;

  constructor(runId: string, queue: EventQueue<AgentEvent>, result: Promise<AgentResult<Output>>, cancel: () => void, approvals: PendingApprovals) {
    this.runId = runId;
    this.queue = queue;
    this.outcome = result;
    this.cancelRun = cancel;
    this.approvals = approvals;
    // The run's own bookkeeping observes the promise, so a caller who never awaits `result`
    // (and only iterates) sees no unhandled rejection; awaiting `result` still rejects as usual.
    this.settled = result.then(
      () => undefined,
      () => undefined,
    );
  }

  get result(): Promise<AgentResult<Output>> {
    return this.outcome;
  }

  approve(toolCallId: string): void {
    if (!this.approvals.answer(toolCallId, { approved: true })) throw notWaiting(toolCallId, this.approvals.ids());
  }

  deny(toolCallId: string, reason?: string): void {
    const answer = { approved: false as const, reason: reason === undefined || reason === '' ? undefined : reason };
    if (!this.approvals.answer(toolCallId, answer)) throw notWaiting(toolCallId, this.approvals.ids());
  }

  [Symbol.asyncIterator](): AsyncIterator<AgentEvent> {
    return this.queue[Symbol.asyncIterator]();
  }

  /** Cancels the run if it is still going and waits for it to end. */
  async [Symbol.asyncDispose](): Promise<void> {
    this.cancelRun();
    await this.settled;
  }
}

function notWaiting(toolCallId: string, waiting: readonly string[]): TypeError {
  const list = waiting.length === 0 ? 'none is waiting' : `waiting: ${waiting.join(', ')}`;
  return new TypeError(`No tool call "${toolCallId}" is waiting for approval (${list}). Answer a call after its tool-approval-request event and before it ends.`);
}
