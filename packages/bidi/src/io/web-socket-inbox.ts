import type { BidiInput } from '@tandem/core/spec';
import type { BidiInputEnd } from '../bidi-agent-input.js';

type Item = BidiInput | BidiInputEnd;

/** Approximate memory an item holds. */
function sizeOf(item: Item): number {
  if (item.type === 'text' || item.type === 'context') return item.text.length * 2;
  if (item.type === 'end') return 0;
  return item.data.byteLength;
}

/**
 * The client messages `webSocketIO` holds until the agent reads them, bounded by count and bytes. Audio
 * goes stale: past a bound the oldest queued audio is dropped (and, if no audio is left to drop, the new
 * chunk). Other messages are never dropped silently: one that does not fit is refused (`push` returns
 * false) and the caller disconnects the client. `end` always fits. @internal
 */
export class WebSocketInbox {
  private items: Item[] = [];
  private bytes = 0;
  private waiter: (() => void) | undefined;

  constructor(
    private readonly maxItems: number,
    private readonly maxBytes: number,
  ) {}

  /** Queues `item`; false when it is not audio and does not fit. */
  push(item: Item): boolean {
    const size = sizeOf(item);
    if (item.type !== 'end') {
      while (this.over(size) && this.dropOldestAudio());
      if (this.over(size)) {
        if (item.type !== 'audio') return false;
        return true; // no older audio to drop: this chunk is the one that goes stale
      }
    }
    this.items.push(item);
    this.bytes += size;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
    return true;
  }

  /** The next item, waiting for one; rejects when `signal` aborts. */
  async shift(signal: AbortSignal): Promise<Item> {
    for (;;) {
      const item = this.items.shift();
      if (item !== undefined) {
        this.bytes -= sizeOf(item);
        return item;
      }
      signal.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const onAbort = (): void => reject(signal.reason as Error);
        signal.addEventListener('abort', onAbort, { once: true });
        this.waiter = () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
      });
    }
  }

  /** Drops everything queued (the client is gone). */
  clear(): void {
    this.items = [];
    this.bytes = 0;
  }

  private over(size: number): boolean {
    return this.items.length + 1 > this.maxItems || this.bytes + size > this.maxBytes;
  }

  private dropOldestAudio(): boolean {
    const index = this.items.findIndex((item) => item.type === 'audio');
    if (index < 0) return false;
    const [dropped] = this.items.splice(index, 1);
    if (dropped !== undefined) this.bytes -= sizeOf(dropped);
    return true;
  }
}
