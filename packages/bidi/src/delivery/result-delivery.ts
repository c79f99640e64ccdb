import type { BidiConnection, ToolDelivery, ToolResult } from '@tandem/core/spec';
import { withLateNote } from './late-result-note.js';

/** A finished group, as delivery sees it. @internal */
export interface DeliverableGroup {
  readonly id: string;
  /** One result per call, in the model's call order. */
  readonly results: readonly ToolResult[];
  /** The group's mode: the most urgent of its calls' tools. */
  readonly delivery: ToolDelivery;
  /** Completed user turns when the model made the calls (for late-result framing). */
  readonly userTurnsAtCall: number;
}

/** Where a group can be sent now. @internal */
export interface DeliveryTarget {
  readonly connection: BidiConnection;
  readonly generation: number;
}

/** What {@link ResultDelivery} needs from its conversation. @internal */
export interface DeliveryHost {
  /** Aborts when the conversation ends: nothing is sent after that. */
  readonly signal: AbortSignal;
  /** Put before each result's model input when a group arrives after the conversation moved on; `false`: never. */
  readonly lateResultNote: string | false;
  /** Where results can go now — `undefined` while reconnecting, ending, or holding them until a response ends. */
  target(): DeliveryTarget | undefined;
  /** The generation of the current connection. */
  generation(): number;
  /** Completed user turns (final user transcripts and typed turns) so far. */
  userTurns(): number;
  /** A group reached the current connection. */
  sent(group: DeliverableGroup): void;
  /** A send failed on connection `generation` (reconnect). */
  failed(error: unknown, generation: number): void;
  /** Something delivery was busy with finished (for the next decision). */
  settled(): void;
}

/**
 * Owns the results of finished groups until the model has them: each group is **undelivered** (held,
 * in finish order), **in flight** on one connection generation, or **delivered**. A group in flight on a
 * replaced connection is taken back and sent once to the new one (whose replay left it out); a send that
 * fails is taken back before the reconnect. One `sendToolResults` call per group, with its delivery mode.
 * @internal
 */
export class ResultDelivery {
  private undelivered: DeliverableGroup[] = [];
  private readonly inFlight = new Map<DeliverableGroup, number>();
  private readonly finishOrder = new WeakMap<DeliverableGroup, number>();
  private finished = 0;

  constructor(private readonly host: DeliveryHost) {}

  /** True while some group's results have not surely reached the model. */
  get pending(): boolean {
    return this.undelivered.length > 0 || this.inFlight.size > 0;
  }

  /** True when a group waits to be sent (not counting those in flight on the current connection). */
  get waiting(): boolean {
    if (this.undelivered.length > 0) return true;
    const generation = this.host.generation();
    for (const at of this.inFlight.values()) if (at !== generation) return true;
    return false;
  }

  /** Ids of groups the model has not surely got: a history replay leaves their results out. */
  undeliveredIds(): Set<string> {
    return new Set([...this.undelivered, ...this.inFlight.keys()].map((group) => group.id));
  }

  /** A group finished: hold it (in finish order) and send what can be sent. */
  add(group: DeliverableGroup): void {
    this.finishOrder.set(group, ++this.finished);
    this.hold(group);
    this.flush();
  }

  /** Sends every group the model has not got to the current connection: one call per group, in finish order. */
  flush(): void {
    if (!this.pending) return;
    const target = this.host.target();
    if (target === undefined) return;
    // A send to a replaced connection may never settle (a dead socket): take it back; its late settlement is ignored.
    for (const [group, generation] of this.inFlight) {
      if (generation === target.generation) continue;
      this.inFlight.delete(group);
      this.hold(group);
    }
    const groups = this.undelivered;
    this.undelivered = [];
    for (const group of groups) void this.send(group, target);
  }

  private hold(group: DeliverableGroup): void {
    this.undelivered.push(group);
    this.undelivered.sort((a, b) => (this.finishOrder.get(a) ?? 0) - (this.finishOrder.get(b) ?? 0));
  }

  /** What the model reads: framed as late when a user turn completed since the calls were made. */
  private modelResults(group: DeliverableGroup): readonly ToolResult[] {
    const note = this.host.lateResultNote;
    if (note === false || note === '' || this.host.userTurns() <= group.userTurnsAtCall) return group.results;
    return withLateNote(group.results, note);
  }

  /** One `sendToolResults` call; the group counts as delivered only if its connection was not replaced meanwhile. */
  private async send(group: DeliverableGroup, target: DeliveryTarget): Promise<void> {
    this.inFlight.set(group, target.generation);
    try {
      await target.connection.sendToolResults(this.modelResults(group), { delivery: group.delivery });
    } catch (error) {
      if (this.inFlight.get(group) !== target.generation) return; // taken over by a newer connection
      this.inFlight.delete(group);
      if (!this.host.signal.aborted) {
        // Held before the failure restarts the connection, so the replay leaves the results out.
        this.hold(group);
        this.host.failed(error, target.generation);
        this.flush();
      }
      this.host.settled();
      return;
    }
    if (this.inFlight.get(group) !== target.generation) return; // taken over by a newer connection
    this.inFlight.delete(group);
    if (this.host.signal.aborted) return;
    if (target.generation === this.host.generation()) this.host.sent(group);
    else {
      this.hold(group);
      this.flush();
    }
    this.host.settled();
  }
}
