import type { Message } from '../spec/message/v1/message.js';

/**
 * Where a guardrail checks: the new user input (`input`) or the final answer (`output`).
 *
 * @example
 * ```ts
 * const stage: GuardrailStage = 'output';
 * ```
 *
 * @category Guardrails
 */
export type GuardrailStage = 'input' | 'output';

/**
 * What a guardrail's `check` answers. `tripwire: true` stops the run (`stopReason: 'guardrail'`);
 * `reason` says why (it lands on the event and on `result.guardrail`); `replaceWith` (output guardrails)
 * is the text the user gets instead of the withheld answer.
 *
 * @example
 * ```ts
 * const verdict: GuardrailVerdict = { tripwire: true, reason: 'contains an e-mail address', replaceWith: 'I cannot share that.' };
 * ```
 *
 * @category Guardrails
 */
export interface GuardrailVerdict {
  readonly tripwire: boolean;
  readonly reason?: string;
  readonly replaceWith?: string;
}

/**
 * What a guardrail checks.
 *
 * @example
 * ```ts
 * const check = (ctx: GuardrailContext): GuardrailVerdict => ({ tripwire: ctx.stage === 'input' && ctx.text.includes('ignore previous') });
 * ```
 *
 * @category Guardrails
 */
export interface GuardrailContext {
  readonly stage: GuardrailStage;
  /**
   * The text checked: for `input`, the text of the run's new user messages (joined by blank lines); for
   * `output`, the final assistant text (in a `BidiAgent`, the assistant transcript so far).
   */
  readonly text: string;
  /** For `input`, the run's new messages; for `output`, the final assistant message (when there is one). */
  readonly messages: readonly Message[];
  /** The whole conversation so far (history included). */
  readonly history: readonly Message[];
  /** `output` of a run with an `output` schema: the validated structured answer. */
  readonly output?: unknown;
  /** False while a `BidiAgent` transcript is still streaming; true for the complete text. */
  readonly final: boolean;
  /** Aborts when the run no longer needs the verdict (cancelled, or another guardrail tripped). */
  readonly signal: AbortSignal;
}

/**
 * A check on what goes into a run or comes out of it. Input guardrails run concurrently with the first
 * model call unless `blocking: true` (then the model is called only after they passed); a tripwire
 * aborts the model call and ends the run with `stopReason: 'guardrail'` — no tool of the response runs.
 * Output guardrails check the final answer before `run.result` resolves. A `check` that throws counts as
 * tripped, with its error on the `guardrail` event and its message as the reason.
 *
 * @example
 * ```ts
 * const noHomework: Guardrail = {
 *   name: 'no-homework',
 *   blocking: true,
 *   check: ({ text }) => ({ tripwire: /solve my homework/i.test(text), reason: 'homework request' }),
 * };
 * const agent = new Agent({ guardrails: { input: [noHomework] } });
 * ```
 *
 * @category Guardrails
 */
export interface Guardrail {
  readonly name: string;
  /** Input guardrails: run before the model is called (default false: concurrently with the first call). */
  readonly blocking?: boolean;
  check(ctx: GuardrailContext): GuardrailVerdict | PromiseLike<GuardrailVerdict>;
}

/**
 * The `guardrails` option of `new Agent(…)`.
 *
 * @example
 * ```ts
 * const guardrails: AgentGuardrails = { input: [noHomework], output: [redactEmails] };
 * ```
 *
 * @category Guardrails
 */
export interface AgentGuardrails {
  readonly input?: readonly Guardrail[];
  readonly output?: readonly Guardrail[];
}

/**
 * The guardrail that ended a run (`result.guardrail` when `stopReason` is `'guardrail'`).
 *
 * @example
 * ```ts
 * if (result.stopReason === 'guardrail') console.warn(`${result.guardrail?.name} (${result.guardrail?.stage}): ${result.guardrail?.reason}`);
 * ```
 *
 * @category Guardrails
 */
export interface GuardrailTrip {
  readonly name: string;
  readonly stage: GuardrailStage;
  readonly reason: string | undefined;
}

/**
 * The outcome of one check, as the `guardrail` event reports it.
 *
 * @example
 * ```ts
 * const check: GuardrailCheck = { name: "pii", stage: "output", tripwire: true, reason: "e-mail address", replaceWith: undefined };
 * ```
 *
 * @category Guardrails
 */
export interface GuardrailCheck {
  readonly name: string;
  readonly stage: GuardrailStage;
  readonly tripwire: boolean;
  readonly reason: string | undefined;
  readonly replaceWith: string | undefined;
  /** What `check` threw, when it threw. */
  readonly error?: unknown;
}
