import { AbortFanout, type LinkedAbort } from '@tandem/core/runtime';
import { sleep, type Clock } from '@tandem/core';

/**
 * After input or tool results were sent, the inputs-ended idle check waits a little (`ms`) for the model
 * to start answering: {@link waiting} until a response starts ({@link answered}) or the time runs out
 * (then `expired` is called). A newer wait replaces the older one and cancels its timer, so only one
 * listener sits on the conversation's signal. @internal
 */
export class ResponseWait {
  private token = 0;
  private active = false;
  private current: LinkedAbort | undefined;
  private fanout: AbortFanout | undefined;

  constructor(
    private readonly signal: AbortSignal,
    private readonly clock: Clock,
    private readonly ms: number,
    private readonly expired: () => void,
  ) {}

  get waiting(): boolean {
    return this.active;
  }

  start(): void {
    const token = ++this.token;
    this.active = true;
    this.current?.controller.abort();
    this.current?.dispose();
    this.fanout ??= new AbortFanout(this.signal);
    const wait = this.fanout.child();
    this.current = wait;
    sleep(this.ms, wait.signal, this.clock).then(
      () => {
        wait.dispose();
        if (this.token !== token || !this.active) return;
        this.active = false;
        this.expired();
      },
      () => wait.dispose(),
    );
  }

  /** A response started: the model is answering. */
  answered(): void {
    this.active = false;
  }
}
