import type { ToolDelivery } from '@tandem/core/spec';
import type { NovaInputEvent } from './nova-sonic-input-events.js';

/**
 * Nova Sonic has no delivery modes of its own; they are emulated here:
 *
 * - `interrupt` — sent at once (Nova cannot be told to cut its answer; it takes the input as soon as it can);
 * - `when-idle` — held until the current response has ended and the user is not speaking;
 * - `silent` — held until the next user turn (the user starts speaking, or types), and sent just before it,
 *   so the model takes it in without answering it on its own.
 *
 * Held input is accepted at once (the caller does not wait for idle) and sent in the order it was handed
 * over; a failure to send it later goes to `onError`. @internal
 */
export class NovaDeliveryHold {
  private idle: NovaInputEvent[] = [];
  private nextTurn: NovaInputEvent[] = [];

  constructor(
    private readonly push: (events: readonly NovaInputEvent[]) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** True while something waits (for idle or for the next user turn). */
  get holding(): boolean {
    return this.idle.length + this.nextTurn.length > 0;
  }

  /** Sends `events` as `delivery` says; resolves once they were handed to the stream, or held. */
  async send(events: readonly NovaInputEvent[], delivery: ToolDelivery, isIdle: boolean): Promise<void> {
    if (delivery === 'interrupt') return this.push(events);
    if (delivery === 'silent') {
      this.nextTurn.push(...events);
      return;
    }
    this.idle.push(...events);
    if (isIdle) this.becameIdle();
  }

  /** The model and the user are both quiet: what waits for idle goes now. */
  becameIdle(): void {
    const events = this.idle;
    this.idle = [];
    if (events.length > 0) this.push(events).catch(this.onError);
  }

  /** A user turn begins: what waits for it goes now (before the turn's own input). */
  userTurn(): Promise<void> {
    const events = this.nextTurn;
    this.nextTurn = [];
    return events.length === 0 ? Promise.resolve() : this.push(events);
  }
}
