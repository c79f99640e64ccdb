/**
 * Counts the voice app's tool calls as they run — how many are running now, how many were aborted — so
 * the server (and its tests) can see that a conversation ending leaves nothing running.
 */
export class ToolActivity {
  private runningNow = 0;
  private startedTotal = 0;
  private abortedTotal = 0;

  /** Calls running now. */
  get running(): number {
    return this.runningNow;
  }

  /** Calls started so far. */
  get started(): number {
    return this.startedTotal;
  }

  /** Calls that ended because their signal aborted (the conversation ended, or the client left). */
  get aborted(): number {
    return this.abortedTotal;
  }

  /** Runs `work` as one tracked call. */
  async track<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    this.begin();
    try {
      return await work();
    } finally {
      this.end(signal);
    }
  }

  /** Runs a streaming call (an async generator) as one tracked call; its `finally` runs on abort too. */
  async *trackStream<T>(signal: AbortSignal, work: () => AsyncGenerator<T>): AsyncGenerator<T> {
    this.begin();
    try {
      yield* work();
    } finally {
      this.end(signal);
    }
  }

  private begin(): void {
    this.startedTotal += 1;
    this.runningNow += 1;
  }

  private end(signal: AbortSignal): void {
    this.runningNow -= 1;
    if (signal.aborted) this.abortedTotal += 1;
  }
}
