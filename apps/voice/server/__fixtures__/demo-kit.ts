import type { BidiConnection, BidiModelEvent, ToolDefinition } from '@tandem/core/spec';
import { DemoVoiceModel } from '../demo/demo-voice-model.js';
import { toneSynthesizer } from '../speech/tone-synthesizer.js';

/**
 * Pacing the test holds: every wait between audio chunks stays pending until `release()` (or aborts).
 * `immediate` lets everything through at once.
 */
export class HeldPacing {
  private waiters: (() => void)[] = [];
  constructor(private readonly immediate = false) {}

  /** Waits pending now. */
  get waiting(): number {
    return this.waiters.length;
  }

  sleep = (_ms: number, signal: AbortSignal): Promise<void> => {
    if (this.immediate) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  };

  release(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}

/** A demo model with beeps for speech, a manual clock and the given pacing. */
export function demoModel(pacing: HeldPacing, clock = { now: 0 }): DemoVoiceModel {
  return new DemoVoiceModel({ synthesizer: toneSynthesizer(), pacing: { sleep: pacing.sleep, now: () => clock.now }, now: () => clock.now });
}

/** Reads a connection's events into an array as they come. */
export class EventLog {
  readonly events: BidiModelEvent[] = [];
  private wake: (() => void) | undefined;
  readonly done: Promise<void>;

  constructor(connection: BidiConnection) {
    this.done = (async () => {
      for await (const event of connection.events()) {
        this.events.push(event);
        this.wake?.();
      }
      this.wake?.();
    })();
  }

  /** Waits (event-loop turns, no timers) until `predicate` holds on the events so far. */
  async until(predicate: (events: readonly BidiModelEvent[]) => boolean, turns = 1_000): Promise<void> {
    for (let turn = 0; turn < turns; turn++) {
      if (predicate(this.events)) return;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    throw new Error(`EventLog.until: not reached; events: ${this.events.map((event) => event.type).join(', ')}`);
  }

  /** Lets queued events arrive (event-loop turns, no timers): for checking that something did not happen. */
  async settle(turns = 20): Promise<void> {
    for (let turn = 0; turn < turns; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
  }

  of<T extends BidiModelEvent['type']>(type: T): Extract<BidiModelEvent, { type: T }>[] {
    return this.events.filter((event): event is Extract<BidiModelEvent, { type: T }> => event.type === type);
  }

  /** The assistant transcript of `responseId`. */
  said(responseId: string): string {
    return this.of('transcript')
      .filter((event) => event.role === 'assistant' && event.responseId === responseId)
      .map((event) => event.delta)
      .join('');
  }
}

/** Tool definitions as an agent would send them. */
export const TOOLS: readonly ToolDefinition[] = [
  {
    kind: 'function',
    name: 'set_timer',
    description: 'Start a timer.',
    inputSchema: { type: 'object', properties: { seconds: { type: 'integer' } }, required: ['seconds'] },
  },
  { kind: 'function', name: 'get_time', description: 'The time.', inputSchema: { type: 'object', properties: {} } },
];
