import { linkedAbort, type LinkedAbort } from '../util/linked-abort.js';
import { checkGuardrail } from './check-guardrail.js';
import type { Guardrail, GuardrailCheck, GuardrailContext } from './guardrail.js';

/**
 * What {@link checkGuardrails} needs. `ctx` gets the set's own signal.
 *
 * @example
 * ```ts
 * const options: GuardrailSetOptions = { guardrails, ctx: { stage: 'output', text, messages: [], history: [], final: false }, report: console.log };
 * ```
 *
 * @category Guardrails
 */
export interface GuardrailSetOptions {
  readonly guardrails: readonly Guardrail[];
  readonly ctx: Omit<GuardrailContext, 'signal'>;
  /** Aborting it abandons the checks (their `ctx.signal` aborts). */
  readonly signal?: AbortSignal;
  /** Told of each check that settled before the set did (one per check; none after the first tripwire). */
  readonly report: (check: GuardrailCheck) => void;
}

/**
 * Runs guardrails concurrently — the one place that does, for `Agent` inputs and outputs and `BidiAgent`
 * transcripts. The first tripwire settles the set: the other checks' signal aborts and their late
 * verdicts are ignored (no event). Resolves with the tripped check, or `undefined` when every check
 * passed or the set was abandoned (its signal aborted). Never rejects.
 *
 * @example
 * ```ts
 * const tripped = await checkGuardrails({ guardrails, ctx: { stage: 'output', text, messages: [], history, final: true }, report: console.log });
 * if (tripped !== undefined) interrupt(tripped.replaceWith);
 * ```
 *
 * @category Guardrails
 */
export function checkGuardrails(options: GuardrailSetOptions): Promise<GuardrailCheck | undefined> {
  const { guardrails, report } = options;
  if (guardrails.length === 0) return Promise.resolve(undefined);
  const abort: LinkedAbort = linkedAbort(options.signal);
  const ctx: GuardrailContext = { ...options.ctx, signal: abort.signal };
  return new Promise((resolve) => {
    let left = guardrails.length;
    let settled = false;
    const settle = (check: GuardrailCheck | undefined): void => {
      if (settled) return;
      settled = true;
      abort.dispose();
      if (check !== undefined) abort.controller.abort(new Error(`Guardrail "${check.name}" tripped.`));
      resolve(check);
    };
    abort.signal.addEventListener('abort', () => settle(undefined), { once: true });
    if (abort.signal.aborted) settle(undefined);
    for (const guardrail of guardrails) {
      void checkGuardrail(guardrail, ctx).then((check) => {
        if (settled) return;
        report(check);
        if (check.tripwire) settle(check);
        else if (--left === 0) settle(undefined);
      });
    }
  });
}
