import { hasBrand, TandemError } from '../spec/errors/tandem-error.js';

const BRAND = Symbol.for('tandem.error.EventsNotKeptError');

/**
 * Thrown when a run (or stream) is iterated only after it produced more events than it keeps for a
 * reader that has not started (10,000 by default): nobody was reading, so it stopped keeping them — a
 * caller that only awaits `result` must not hold every delta of a long run in memory. Start iterating
 * right after `agent.run()` (before awaiting anything else) to receive every event.
 *
 * @example
 * ```ts
 * const run = agent.run(model, 'Write a long essay.');
 * for await (const event of run) show(event);   // iterate first…
 * const { text } = await run.result;            // …then read the result
 * ```
 *
 * @category Errors
 */
export class EventsNotKeptError extends TandemError {
  declare private readonly [BRAND]: true;

  /** How many events the run kept for a reader that had not started. */
  readonly limit: number;

  constructor(limit: number) {
    super('EVENTS_NOT_KEPT', {
      message: `This run's events were not kept: it produced more than ${limit.toLocaleString('en-US')} events before anyone iterated it, so it stopped keeping them (a caller that only awaits \`result\` must not hold them all). Start iterating (for await … of run) right after starting the run to receive every event.`,
    });
    this[BRAND] = true;
    this.limit = limit;
    this.name = 'EventsNotKeptError';
  }

  static override isInstance(error: unknown): error is EventsNotKeptError {
    return hasBrand(error, BRAND);
  }
}
