import type { BidiEvent } from '../bidi-event.js';
import type { BidiQueueOptions } from '../bidi-queue-options.js';
import { BidiOutputOverflowError } from '../errors/bidi-output-overflow-error.js';
import { BoundedEventQueue } from './bounded-event-queue.js';
import { pcm16DurationMs } from '../pcm/pcm16-duration.js';

/** One consumer of agent events: an output of `run()`, or the `receive()` iterator. @internal */
export interface EventConsumer {
  readonly id: number | 'receive';
  readonly queue: BoundedEventQueue;
  /** Audio this consumer has taken of its latest response: the most a listener can have heard of it. */
  sent: { responseId: string; ms: number };
}

const DEFAULT_MAX_AUDIO_EVENTS = 250;
const DEFAULT_MAX_EVENTS = 10_000;

/**
 * Copies every event into each consumer's bounded queue without ever waiting; detaches a consumer whose
 * control queue overflows and reports it to the others. @internal
 */
export class EventFanout {
  private readonly consumers = new Map<number | 'receive', EventConsumer>();
  private closed = false;

  constructor(
    private readonly options: BidiQueueOptions,
    private readonly makeDropEvent: (chunks: number, ms: number) => BidiEvent,
    private readonly makeErrorEvent: (error: unknown) => BidiEvent,
  ) {}

  /** Adds (or returns the existing) consumer `id`. */
  add(id: number | 'receive'): EventConsumer {
    const existing = this.consumers.get(id);
    if (existing !== undefined) return existing;
    const queue = new BoundedEventQueue(
      this.options.maxAudioEvents ?? DEFAULT_MAX_AUDIO_EVENTS,
      this.options.maxEvents ?? DEFAULT_MAX_EVENTS,
      this.makeDropEvent,
    );
    if (this.closed) queue.close();
    const consumer: EventConsumer = { id, queue, sent: { responseId: '', ms: 0 } };
    this.consumers.set(id, consumer);
    return consumer;
  }

  get(id: number | 'receive'): EventConsumer | undefined {
    return this.consumers.get(id);
  }

  emit(event: BidiEvent): void {
    if (this.closed) return;
    // Consumers this event would overflow are detached first, so the others get the overflow error
    // before the event itself (`connection-close` stays the last event).
    for (const consumer of [...this.consumers.values()]) {
      if (consumer.queue.accepts(event) || !this.consumers.has(consumer.id)) continue;
      this.consumers.delete(consumer.id);
      consumer.queue.detach();
      const maxEvents = this.options.maxEvents ?? DEFAULT_MAX_EVENTS;
      this.emit(this.makeErrorEvent(new BidiOutputOverflowError(consumer.id, maxEvents)));
    }
    for (const consumer of this.consumers.values()) consumer.queue.push(event);
  }

  /** A consumer took an event: for audio, note how much of its response it was given. */
  noteSent(consumerId: number | 'receive', event: BidiEvent): void {
    if (event.type !== 'audio') return;
    const consumer = this.consumers.get(consumerId);
    if (consumer === undefined) return;
    const ms = pcm16DurationMs(event.data.byteLength, event.sampleRate);
    consumer.sent =
      consumer.sent.responseId === event.responseId ? { responseId: event.responseId, ms: consumer.sent.ms + ms } : { responseId: event.responseId, ms };
  }

  /** Removes queued audio from every consumer (barge-in); returns the total removed. */
  flushAudio(): number {
    let removed = 0;
    for (const consumer of this.consumers.values()) removed += consumer.queue.flushAudio();
    return removed;
  }

  /** The most audio of `responseId` any consumer has taken so far, in milliseconds. */
  sentMs(responseId: string): number {
    let most = 0;
    for (const consumer of this.consumers.values()) {
      if (consumer.sent.responseId === responseId) most = Math.max(most, consumer.sent.ms);
    }
    return most;
  }

  /** Detaches consumer `id` now (its queue is dropped and ends); later events skip it. */
  detach(id: number | 'receive'): void {
    const consumer = this.consumers.get(id);
    if (consumer === undefined) return;
    this.consumers.delete(id);
    consumer.queue.detach();
  }

  /** After the last event: consumers drain their queues, then end. */
  close(): void {
    this.closed = true;
    for (const consumer of this.consumers.values()) consumer.queue.close();
  }
}
