import type { AgentEvent } from '../events/agent-event.js';
import type { EventQueue } from '../internal/event-queue.js';
import type { AgentResult, AgentRun } from './agent-types.js';

/** The {@link AgentRun} handed to users: a buffered event stream plus the result promise. @internal */
export class AgentRunImpl implements AgentRun {
  readonly runId: string;
  readonly result: Promise<AgentResult>;
  private readonly queue: EventQueue<AgentEvent>;
  private readonly cancelRun: () => void;
  private readonly settled: Promise<unknown>;

  constructor(runId: string, queue: EventQueue<AgentEvent>, result: Promise<AgentResult>, cancel: () => void) {
    this.runId = runId;
    this.queue = queue;
    this.result = result;
    this.cancelRun = cancel;
    // The run's own bookkeeping observes the promise, so a caller who never awaits `result`
    // (and only iterates) sees no unhandled rejection; awaiting `result` still rejects as usual.
    this.settled = result.then(
      () => undefined,
      () => undefined,
    );
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
