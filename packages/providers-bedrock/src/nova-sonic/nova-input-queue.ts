import type { InvokeModelWithBidirectionalStreamInput } from '@aws-sdk/client-bedrock-runtime';
import type { NovaInputEvent } from './nova-sonic-input-events.js';

interface Item {
  readonly bytes: Uint8Array;
  /** Settles the push this item ended (undefined for the other items of a push). */
  readonly settle?: { resolve(): void; reject(error: unknown): void };
}

/**
 * The request body of one bidirectional stream: the SDK pulls input events from it as it writes them
 * (signed, framed) to the HTTP/2 stream, so events flow before `client.send()` resolves. `push()` resolves
 * once the SDK took the pushed events. A push's events stay together and in order.
 * @internal
 */
export class NovaInputQueue implements AsyncIterable<InvokeModelWithBidirectionalStreamInput> {
  private items: Item[] = [];
  private waiter: (() => void) | undefined;
  private ended = false;
  private failure: { readonly error: unknown } | undefined;
  private iterating = false;

  /** False once `end()` or `abort()` was called. */
  get open(): boolean {
    return !this.ended && this.failure === undefined;
  }

  /** Queues events; resolves when the SDK has taken the last of them, rejects if the stream is aborted first. */
  push(events: readonly NovaInputEvent[]): Promise<void> {
    if (!this.open) return Promise.reject(this.failure?.error ?? new Error('The Nova Sonic input stream has ended.'));
    return new Promise<void>((resolve, reject) => {
      events.forEach((event, index) => {
        const bytes = new TextEncoder().encode(JSON.stringify(event));
        this.items.push(index === events.length - 1 ? { bytes, settle: { resolve, reject } } : { bytes });
      });
      if (events.length === 0) resolve();
      this.wake();
    });
  }

  /** No more events: the body ends (HTTP/2 end of stream) after the queued ones were taken. */
  end(): void {
    this.ended = true;
    this.wake();
  }

  /** Drops queued events (their pushes reject with `error`) and ends the body now. */
  abort(error: unknown): void {
    if (this.failure !== undefined) return;
    this.failure = { error };
    const dropped = this.items;
    this.items = [];
    for (const item of dropped) item.settle?.reject(error);
    this.wake();
  }

  [Symbol.asyncIterator](): AsyncIterator<InvokeModelWithBidirectionalStreamInput> {
    if (this.iterating) throw new Error('A Nova Sonic input stream can be sent once.');
    this.iterating = true;
    return {
      next: async () => {
        for (;;) {
          if (this.failure !== undefined) return { done: true, value: undefined };
          const item = this.items.shift();
          if (item !== undefined) {
            item.settle?.resolve();
            return { done: false, value: { chunk: { bytes: item.bytes } } };
          }
          if (this.ended) return { done: true, value: undefined };
          await new Promise<void>((resolve) => {
            this.waiter = resolve;
          });
        }
      },
      return: async () => {
        this.abort(new Error('The Nova Sonic request stream was closed.'));
        return { done: true, value: undefined };
      },
    };
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }
}
