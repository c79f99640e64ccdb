import { hasBrand, TandemError } from '../spec/errors/tandem-error.js';

const BRAND = Symbol.for('tandem.error.RunAbandonedWorkError');

/**
 * A cancelled run ended without waiting any longer for user code that had not settled within
 * `cancelGraceMs` — a hook, a session store call, a tool that ignores its signal, or the run's own wait on them. Reported on a non-fatal
 * `error` event; what the abandoned work does later is ignored (its events, results and appends).
 *
 * @example
 * ```ts
 * for await (const event of run) {
 *   if (event.type === 'error' && RunAbandonedWorkError.isInstance(event.error)) log.warn(event.error.abandoned);
 * }
 * ```
 *
 * @category Errors
 */
export class RunAbandonedWorkError extends TandemError {
  /** What was still pending, e.g. `['hook beforeToolCall', 'session store append', 'tool search (c1)']` (empty when none was tracked). */
  readonly abandoned: readonly string[];
  /** The grace the run waited after the cancel. */
  readonly graceMs: number;
  declare private readonly [BRAND]: true;

  constructor(options: { abandoned: readonly string[]; graceMs: number }) {
    const what = options.abandoned.length === 0 ? 'the run\'s own work (a stop condition, context manager or guardrail)' : options.abandoned.join(', ');
    super('RUN_ABANDONED_WORK', {
      message: `The run was cancelled, but ${what} had not settled ${String(options.graceMs)} ms later (cancelGraceMs); the run ended without it and ignores what it does later. Make hooks, session store calls and tools settle (or time out) promptly — a tool should stop when ctx.signal aborts — or raise cancelGraceMs.`,
    });
    this[BRAND] = true;
    this.name = 'RunAbandonedWorkError';
    this.abandoned = options.abandoned;
    this.graceMs = options.graceMs;
  }

  static override isInstance(error: unknown): error is RunAbandonedWorkError {
    return hasBrand(error, BRAND);
  }
}
