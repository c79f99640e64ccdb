// The voice concierge on its offline demo model: asking to book hands the call to the booking agent while
// the search still runs; the search result reaches the booking agent once, and every call is answered once.
import type { BidiEvent } from '@tandem/bidi';
import { ManualClock } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { createConcierge } from './concierge.js';
import { conciergeDemoModel } from './concierge-demo-model.js';

/** Lets the agent work (macrotask turns, no timers) until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1_000 && !check(); turn++) await new Promise((resolve) => setImmediate(resolve));
  expect(check()).toBe(true);
}

describe('voice concierge example', () => {
  it('hands off to booking while the search runs; the search result goes to the booking agent once; the booking agent books', async () => {
    const clock = new ManualClock();
    const agent = createConcierge({ model: conciergeDemoModel(), clock, searchMs: 3_000 });
    await agent.start();
    const events: BidiEvent[] = [];
    const done = (async () => {
      for await (const event of agent.receive()) events.push(event);
    })();
    await agent.send('Find me an Italian restaurant for tonight.');
    await until(() => events.some((e) => e.type === 'tool-start' && e.toolName === 'search_restaurants'));
    await agent.send('Great, please book one.');
    await until(() => events.some((e) => e.type === 'handoff'));
    expect(events.some((e) => e.type === 'tool-call-result' && e.results[0]?.toolName === 'search_restaurants')).toBe(false); // still running
    expect(events.find((e) => e.type === 'handoff')).toMatchObject({ from: 'concierge', to: 'booking', agentName: 'concierge' });

    await clock.advance(3_000);
    await until(() => events.filter((e) => e.type === 'tool-group-complete').length === 2);
    const search = events.flatMap((e) => (e.type === 'tool-group-complete' && e.results[0]?.toolName === 'search_restaurants' ? [e.agentName] : []));
    expect(search).toEqual(['booking']);

    await agent.send('Book Trattoria Roma at 8 for two.');
    await until(() => events.filter((e) => e.type === 'tool-group-complete').length === 3);
    await agent.stop();
    await done;

    const results = agent.messages.flatMap((m) => m.parts).filter((p) => p.type === 'tool-result');
    expect(results.map((r) => (r.type === 'tool-result' ? [r.toolName, r.status] : []))).toEqual([
      ['transfer_to_booking', 'success'],
      ['search_restaurants', 'success'],
      ['book_table', 'success'],
    ]);
    const calls = agent.messages.flatMap((m) => m.parts).filter((p) => p.type === 'tool-call');
    expect(calls).toHaveLength(3);
    // The booking agent narrated the search result (it was on the line when it arrived).
    const spoken = events.flatMap((e) => (e.type === 'transcript' && e.role === 'assistant' && e.final ? [`${e.agentName}: ${e.delta}`] : []));
    expect(spoken.some((line) => line.startsWith('booking: (search_restaurants)') && line.includes('Trattoria Roma'))).toBe(true);
    expect(spoken.some((line) => line.startsWith('booking: (book_table) Booked Trattoria Roma'))).toBe(true);
  });
});
