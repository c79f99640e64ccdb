import type { BidiAgentHandle } from '../bidi-agent-handle.js';
import type { BidiAgentInput } from '../bidi-agent-input.js';
import type { BidiAgentOutput } from '../bidi-agent-output.js';
import type { BidiSession } from '../session/bidi-session.js';
import type { BidiEvent } from '../bidi-event.js';
import { BidiOutputError } from '../errors/bidi-output-error.js';
import { untilAborted } from '../util/until-aborted.js';
import { Watched } from '../util/watched.js';

/** `output.write(event)` as a promise, also when it throws synchronously. */
function writeOnce(output: BidiAgentOutput, event: BidiEvent): Promise<void> {
  try {
    return Promise.resolve(output.write(event));
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/**
 * Writes one consumer's events to an output until `connection-close`; an output whose write fails is
 * detached and reported once (a {@link BidiOutputError}), never fatal. `busy` tells the end-of-conversation grace period whether the output is still behind. @internal
 */
export class OutputPump {
  readonly done: Promise<void>;
  /** Settles when the output has written everything queued so far (or the pump ended). */
  private readonly work = new Watched();
  /** True once the pump has ended (after `connection-close`, or when detached). */
  finished = false;

  constructor(
    private readonly session: BidiSession,
    private readonly output: BidiAgentOutput,
    readonly id: number,
  ) {
    this.done = this.run();
  }

  /** True while a write is in progress or events wait in the queue. */
  get busy(): boolean {
    if (this.finished || this.work.busy) return !this.finished;
    return (this.session.fanout.get(this.id)?.queue.size ?? 0) > 0;
  }

  /** Resolves once nothing is queued or being written. */
  async whenIdle(): Promise<void> {
    while (this.busy) await this.work.next();
  }

  private async run(): Promise<void> {
    const consumer = this.session.fanout.get(this.id);
    try {
      if (consumer === undefined) return;
      for (;;) {
        const event = await consumer.queue.next();
        if (event === undefined) return;
        try {
          await this.work.track(writeOnce(this.output, event));
          this.session.fanout.noteSent(this.id, event);
        } catch (error) {
          // Abandoned before it is reported, so its own failure never comes back to it.
          this.session.fanout.detach(this.id);
          if (event.type !== 'connection-close') {
            this.session.emit({ type: 'error', error: new BidiOutputError(this.id, event.type, error), fatal: false });
          }
          return;
        }
      }
    } finally {
      this.finished = true;
      this.work.wake();
    }
  }
}

/**
 * Reads an input and sends what it yields until it ends or the conversation does; an item that cannot be
 * sent is reported (non-fatal) and skipped. It reads one item ahead while sending, so a client that goes
 * away (`end` with `client-disconnect`) ends the conversation even while the model is slow to take input.
 * `done` resolves with how it ended (`'aborted'` when the conversation ended first) — at once when the
 * conversation ends, even if the input ignores its signal; `busy` then tells whether its `start()`/`read()`
 * is still unsettled. @internal
 */
export class InputReader {
  readonly done: Promise<'complete' | 'client-disconnect' | 'aborted'>;
  /** True once `done` has resolved. */
  finished = false;
  private readonly pending = new Watched();

  constructor(
    private readonly session: BidiSession,
    private readonly input: BidiAgentInput,
    agent: BidiAgentHandle,
  ) {
    this.done = this.run(agent).finally(() => {
      this.finished = true;
    });
  }

  /** True while the input's `start()` or `read()` has not settled. */
  get busy(): boolean {
    return this.pending.busy;
  }

  async whenIdle(): Promise<void> {
    while (this.pending.busy) await this.pending.next();
  }

  /** The input's next item, or a rejection once the conversation ends (the read itself stays tracked). */
  private read(signal: AbortSignal): Promise<Awaited<ReturnType<BidiAgentInput['read']>>> {
    let read: Promise<Awaited<ReturnType<BidiAgentInput['read']>>>;
    try {
      read = Promise.resolve(this.input.read(signal));
    } catch (error) {
      read = Promise.reject(error as Error);
    }
    const result = untilAborted(this.pending.track(read), signal);
    result.catch(() => undefined); // a read ahead that fails is reported when it is awaited
    return result;
  }

  private async run(agent: BidiAgentHandle): Promise<'complete' | 'client-disconnect' | 'aborted'> {
    const { session, input } = this;
    const { signal } = session;
    try {
      await untilAborted(this.pending.track(Promise.resolve(input.start?.(agent))), signal);
    } catch (error) {
      if (signal.aborted) return 'aborted';
      // Like a failing read(): reported, and the input counts as ended.
      session.emit({ type: 'error', error, fatal: false });
      return 'complete';
    }
    // One read ahead while an item is being sent, so a disconnect is seen even while the model's send() hangs.
    let next = this.read(signal);
    while (!signal.aborted) {
      let item: Awaited<ReturnType<BidiAgentInput['read']>>;
      try {
        item = await next;
      } catch (error) {
        if (signal.aborted) return 'aborted';
        session.emit({ type: 'error', error, fatal: false });
        return 'complete';
      }
      if (signal.aborted) return 'aborted';
      if (item.type === 'end') return item.reason ?? 'complete';
      next = this.read(signal);
      const disconnected = next.then(
        (ahead) => ahead.type === 'end' && ahead.reason === 'client-disconnect',
        () => false,
      );
      try {
        const sent = untilAborted(session.send(item), signal).then(() => false);
        if (await Promise.race([sent, disconnected.then((gone) => (gone ? true : sent))])) return 'client-disconnect';
      } catch (error) {
        if (signal.aborted || session.ending) return 'aborted';
        session.emit({ type: 'error', error, fatal: false }); // e.g. audio with an invalid sample rate: skip it
      }
    }
    return 'aborted';
  }
}
