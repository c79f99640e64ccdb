import { BidiAgent } from '@tandem/bidi';
import { sleep, systemClock, type Clock, type FunctionTool } from '@tandem/core';
import type { BidiModel } from '@tandem/core/spec';

/** Options of {@link createConcierge}. */
export interface ConciergeOptions {
  readonly model: BidiModel;
  /** Drives the search's delay (a `ManualClock` in tests). Default: real time. */
  readonly clock?: Clock;
  /** How long the restaurant search takes (default 3 000 ms): long enough to hand off meanwhile. */
  readonly searchMs?: number;
}

/**
 * The voice concierge: it searches restaurants (a slow tool) and hands the call to the booking agent,
 * which has its own instructions, tool and voice. A search still running when the caller asks to book
 * keeps running through the handoff; its result reaches the booking agent, once.
 *
 * @example
 * ```ts
 * const concierge = createConcierge({ model: openai.realtime('gpt-realtime') });
 * await concierge.run({ inputs: [textInput()], outputs: [textOutput()] });
 * ```
 */
export function createConcierge(options: ConciergeOptions): BidiAgent {
  const clock = options.clock ?? systemClock;
  const searchMs = options.searchMs ?? 3_000;
  const searchRestaurants: FunctionTool<{ cuisine?: string }> = {
    kind: 'function',
    name: 'search_restaurants',
    description: 'Finds restaurants nearby that have a table free tonight.',
    inputSchema: { type: 'object', properties: { cuisine: { type: 'string' } } },
    async execute({ cuisine }, ctx) {
      await sleep(searchMs, ctx.signal, clock);
      return `Two ${cuisine ?? ''} places have a table tonight: Trattoria Roma (8 pm) and Da Marco (9 pm).`.replace('  ', ' ');
    },
  };
  const bookTable: FunctionTool<{ restaurant: string; time: string; people: number }> = {
    kind: 'function',
    name: 'book_table',
    description: 'Books a table.',
    inputSchema: {
      type: 'object',
      properties: { restaurant: { type: 'string' }, time: { type: 'string' }, people: { type: 'integer' } },
      required: ['restaurant', 'time', 'people'],
    },
    execute: ({ restaurant, time, people }) => `Booked ${restaurant} at ${time} for ${String(people)}. Confirmation TR-2041.`,
  };
  const booking = new BidiAgent({
    model: options.model,
    name: 'booking',
    description: 'Books a table once the caller wants one; knows the restaurants the concierge found.',
    system: 'You are the booking desk. Confirm the restaurant, time and party size, then book.',
    tools: [bookTable],
    voice: 'marin',
  });
  return new BidiAgent({
    model: options.model,
    clock,
    name: 'concierge',
    system: 'You are a hotel concierge. Find restaurants; hand the caller to the booking desk to book.',
    tools: [searchRestaurants],
    voice: 'alloy',
    handoffs: [booking],
  });
}
