import type { Message } from '../spec/message/v1/message.js';
import { messageText } from '../messages/message-helpers.js';
import { linkedAbort, type LinkedAbort } from '../util/linked-abort.js';
import { checkGuardrails } from './guardrail-set.js';
import type { Guardrail, GuardrailCheck, GuardrailTrip } from './guardrail.js';

/** What a run's input guard needs. @internal */
export interface InputGuardOptions {
  readonly guardrails: readonly Guardrail[];
  /** The run's new messages; only their user messages are checked. */
  readonly input: readonly Message[];
  readonly history: readonly Message[];
  /** The run's signal: aborting it abandons the checks. */
  readonly signal: AbortSignal;
  readonly report: (check: GuardrailCheck) => void;
}

/**
 * The input guardrails of one run, around its first model call: `blocking` ones run before it, the
 * others concurrently with it. A tripwire aborts the call's `signal`; calls the response streams are
 * `hold`-ed until every check passed, so no tool of a tripped response starts (eager execution
 * included). @internal
 */
export class InputGuard {
  private readonly call: LinkedAbort;
  private readonly options: InputGuardOptions;
  private pending: Promise<GuardrailCheck | undefined> | undefined;
  private passed = false;
  private tripped: GuardrailTrip | undefined;
  private held: (() => void)[] = [];

  private constructor(options: InputGuardOptions) {
    this.options = options;
    this.call = linkedAbort(options.signal);
  }

  /** The guard of a run whose input has user messages and whose agent has input guardrails; else undefined. */
  static of(options: InputGuardOptions): InputGuard | undefined {
    if (options.guardrails.length === 0 || !options.input.some((message) => message.role === 'user')) return undefined;
    return new InputGuard(options);
  }

  /** Runs the blocking guardrails, then starts the others. Resolves with the trip when a blocking one tripped. */
  async start(): Promise<GuardrailTrip | undefined> {
    const blocking = this.options.guardrails.filter((guardrail) => guardrail.blocking === true);
    const first = await this.check(blocking);
    if (first !== undefined) return this.trip(first);
    if (this.options.signal.aborted) return undefined;
    const rest = this.options.guardrails.filter((guardrail) => guardrail.blocking !== true);
    this.pending = this.check(rest).then((check) => {
      if (check !== undefined) this.trip(check);
      else this.pass();
      return check;
    });
    return undefined;
  }

  /** The signal for the first model call: aborts with the run, and when a concurrent guardrail trips. */
  get signal(): AbortSignal {
    return this.call.signal;
  }

  /** Runs `start` once every check passed (at once if they have); never if one trips. */
  hold(start: () => void): void {
    if (this.passed) start();
    else if (this.tripped === undefined) this.held.push(start);
  }

  /** Waits for the concurrent checks (not past a run abort): the trip, or undefined when all passed. */
  async verdict(): Promise<GuardrailTrip | undefined> {
    await this.pending;
    this.call.dispose();
    return this.tripped;
  }

  private check(guardrails: readonly Guardrail[]): Promise<GuardrailCheck | undefined> {
    const { input, history, signal, report } = this.options;
    const users = input.filter((message) => message.role === 'user');
    const text = users.map((message) => messageText(message)).join('\n\n');
    return checkGuardrails({ guardrails, ctx: { stage: 'input', text, messages: users, history, final: true }, signal, report });
  }

  private trip(check: GuardrailCheck): GuardrailTrip {
    this.tripped = { name: check.name, stage: 'input', reason: check.reason };
    this.held = [];
    this.call.controller.abort(new Error(`Input guardrail "${check.name}" tripped.`));
    return this.tripped;
  }

  private pass(): void {
    this.passed = true;
    for (const start of this.held.splice(0)) start();
  }
}
