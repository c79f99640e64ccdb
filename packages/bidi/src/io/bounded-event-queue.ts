import type { BidiEvent } from '../bidi-event.js';
import { pcm16DurationMs } from '../pcm/pcm16-duration.js';

const DROP_MARKER = Symbol('audio-dropped');

type Item = BidiEvent | typeof DROP_MARKER;

/**
 * The queue between the model reader and one consumer. Pushing never waits. Audio beyond
 * `maxAudioEvents` drops oldest-first (reported by one coalesced `audio-dropped` event); other events
 * are never dropped — past `maxEvents` of them `push()` returns false and the consumer must be detached.
 * @internal
 */
export class BoundedEventQueue {
  /** Audio chunks dropped so far. */
  droppedChunks = 0;
  private items: Item[] = [];
  private audioCount = 0;
  private controlCount = 0;
  private pendingDrop = { chunks: 0, ms: 0 };
  private waiter: (() => void) | undefined;
  private closed = false;

  constructor(
    private readonly maxAudioEvents: number,
    private readonly maxEvents: number,
    private readonly makeDropEvent: (chunks: number, ms: number) => BidiEvent,
  ) {}

  /** Items held right now (for tests and diagnostics). */
  get size(): number {
    return this.items.length;
  }

  /** False when queueing `event` would overflow: a control event with `maxEvents` of them already queued. */
  accepts(event: BidiEvent): boolean {
    return this.closed || event.type === 'audio' || this.controlCount < this.maxEvents;
  }

  /** Queues `event`; false when the consumer is hopelessly behind (too many control events). */
  push(event: BidiEvent): boolean {
    if (this.closed) return true;
    if (event.type === 'audio') {
      if (this.audioCount >= this.maxAudioEvents) this.dropOldestAudio();
      this.audioCount++;
    } else {
      if (this.controlCount >= this.maxEvents) return false;
      this.controlCount++;
    }
    this.items.push(event);
    this.wake();
    return true;
  }

  /** Removes every queued audio chunk (barge-in); returns how many. */
  flushAudio(): number {
    if (this.audioCount === 0) return 0;
    const removed = this.audioCount;
    this.items = this.items.filter((item) => item === DROP_MARKER || item.type !== 'audio');
    this.audioCount = 0;
    return removed;
  }

  /** No more events: the consumer drains what is queued, then `next()` resolves `undefined`. */
  close(): void {
    this.closed = true;
    this.wake();
  }

  /** Drops everything and ends the consumer now. */
  detach(): void {
    this.items = [];
    this.audioCount = 0;
    this.controlCount = 0;
    this.close();
  }

  /** The next event, or `undefined` once closed and drained. */
  async next(): Promise<BidiEvent | undefined> {
    for (;;) {
      const item = this.items.shift();
      if (item !== undefined) return this.take(item);
      if (this.closed) return undefined;
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
      });
    }
  }

  private take(item: Item): BidiEvent {
    if (item === DROP_MARKER) {
      this.controlCount--;
      const { chunks, ms } = this.pendingDrop;
      this.pendingDrop = { chunks: 0, ms: 0 };
      return this.makeDropEvent(chunks, ms);
    }
    if (item.type === 'audio') this.audioCount--;
    else this.controlCount--;
    return item;
  }

  private dropOldestAudio(): void {
    const index = this.items.findIndex((item) => item !== DROP_MARKER && item.type === 'audio');
    const dropped = this.items[index];
    if (index < 0 || dropped === undefined || dropped === DROP_MARKER || dropped.type !== 'audio') return;
    this.items.splice(index, 1);
    this.audioCount--;
    this.droppedChunks++;
    if (this.pendingDrop.chunks === 0) {
      this.items.push(DROP_MARKER);
      this.controlCount++;
    }
    this.pendingDrop.chunks++;
    this.pendingDrop.ms += pcm16DurationMs(dropped.data.byteLength, dropped.sampleRate);
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }
}
