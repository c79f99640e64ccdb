// Collects a BidiAgent's events and lets a test wait for one (event-driven, no sleeps). Test-only.
import type { BidiAgent, BidiEvent } from '@tandem/bidi';

export interface AgentEvents {
  readonly events: BidiEvent[];
  /** Resolves when iteration ended (after `connection-close`). */
  readonly done: Promise<void>;
  /** Resolves once `test(events)` holds. */
  until(test: (events: readonly BidiEvent[]) => boolean): Promise<void>;
  /** How many events of `type` arrived. */
  count(type: BidiEvent['type']): number;
}

export function collectAgentEvents(agent: BidiAgent): AgentEvents {
  const events: BidiEvent[] = [];
  let waiters: { readonly test: (events: readonly BidiEvent[]) => boolean; readonly resolve: () => void }[] = [];
  const check = (): void => {
    waiters = waiters.filter((waiter) => {
      if (!waiter.test(events)) return true;
      waiter.resolve();
      return false;
    });
  };
  const done = (async () => {
    for await (const event of agent.receive()) {
      events.push(event);
      check();
    }
  })();
  return {
    events,
    done,
    until: (test) => (test(events) ? Promise.resolve() : new Promise((resolve) => waiters.push({ test, resolve }))),
    count: (type) => events.filter((event) => event.type === type).length,
  };
}
