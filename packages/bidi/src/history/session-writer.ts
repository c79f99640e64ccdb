import type { SessionOptions } from '@tandem/core';
import type { Message } from '@tandem/core/spec';
import { BidiSessionAppendError } from '../errors/bidi-session-append-error.js';

/**
 * Appends an agent's messages to its session store one append at a time, in the order they were added,
 * so the store keeps the conversation's order (across the agent's conversations too). Until {@link start}
 * — the stored history has not been loaded yet — messages wait. A failed append is reported through
 * `report` (a non-fatal `error` event) and the next one goes on. @internal
 */
export class SessionWriter {
  /** Where failures go: the conversation running now. */
  report: (error: BidiSessionAppendError) => void = () => undefined;
  private tail: Promise<void> = Promise.resolve();
  private waiting: Message[] | undefined = [];
  private pending = 0;

  constructor(private readonly session: SessionOptions) {}

  /** True once the stored history was loaded and appends go to the store. */
  get started(): boolean {
    return this.waiting === undefined;
  }

  /** True while an append has not settled. */
  get busy(): boolean {
    return this.pending > 0;
  }

  get sessionId(): string {
    return this.session.id;
  }

  /** Loads the stored conversation. */
  load(): Promise<Message[]> {
    return Promise.resolve().then(() => this.session.store.load(this.session.id));
  }

  /** The history is loaded: stores `first` (messages new to the store), then the messages that waited. */
  start(first: readonly Message[]): void {
    const waiting = this.waiting ?? [];
    this.waiting = undefined;
    if (first.length > 0) this.write(first);
    for (const message of waiting) this.write([message]);
  }

  /** Loading failed: what waited is not stored. */
  dropWaiting(): void {
    if (this.waiting !== undefined) this.waiting = [];
  }

  append(message: Message): void {
    if (this.waiting !== undefined) this.waiting.push(message);
    else this.write([message]);
  }

  /** Resolves once every append so far has settled. */
  idle(): Promise<void> {
    return this.tail;
  }

  private write(messages: readonly Message[]): void {
    this.pending++;
    const { store, id } = this.session;
    this.tail = this.tail
      .then(() => store.append(id, messages))
      .catch((error: unknown) => this.report(new BidiSessionAppendError({ sessionId: id, cause: error })))
      .finally(() => {
        this.pending--;
      });
  }
}
