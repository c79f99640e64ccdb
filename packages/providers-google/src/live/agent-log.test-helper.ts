import type { BidiAgent, BidiEvent } from '@tandem/bidi';

/** Everything `agent.receive()` yields, with a way to wait for a condition on it (no sleeps). */
export interface AgentLog {
  readonly events: BidiEvent[];
  /** Resolves once `check(events)` holds (checked now and after every event); rejects if the stream ends first. */
  until(check: (events: readonly BidiEvent[]) => boolean): Promise<void>;
  /** Resolves when iteration has ended (after `connection-close`). */
  readonly done: Promise<void>;
}

export function recordAgent(agent: BidiAgent): AgentLog {
  const events: BidiEvent[] = [];
  let waiters: { readonly check: (events: readonly BidiEvent[]) => boolean; readonly resolve: () => void; readonly reject: (error: Error) => void }[] = [];
  const done = (async () => {
    for await (const event of agent.receive()) {
      events.push(event);
      const ready = waiters.filter((waiter) => waiter.check(events));
      waiters = waiters.filter((waiter) => !ready.includes(waiter));
      for (const waiter of ready) waiter.resolve();
    }
    for (const waiter of waiters) waiter.reject(new Error(`The conversation ended first; events: ${events.map((e) => e.type).join(', ')}`));
  })();
  return {
    events,
    done,
    until: (check) =>
      check(events) ? Promise.resolve() : new Promise<void>((resolve, reject) => waiters.push({ check, resolve, reject })),
  };
}

/** How many events of `type` were seen. */
export function count(events: readonly BidiEvent[], type: BidiEvent['type']): number {
  return events.filter((event) => event.type === type).length;
}

/** A short spoken answer as Gemini Live sends it: audio, its transcript, generationComplete, turnComplete. */
export function spokenAnswer(text: string): unknown[] {
  return [
    { serverContent: { modelTurn: { parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'AQACAAMABAA=' } }] } } },
    { serverContent: { outputTranscription: { text } } },
    { serverContent: { generationComplete: true } },
    { serverContent: { turnComplete: true } },
  ];
}
