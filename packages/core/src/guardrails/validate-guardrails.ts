import type { Guardrail } from './guardrail.js';

/**
 * Checks a `guardrails` option (`{ input?, output? }` lists of `{ name, check }`) and throws a `TypeError`
 * that names what is wrong. `owner` names the option in the message, e.g. `Agent`.
 *
 * @example
 * ```ts
 * validateGuardrails('BidiAgent', options.guardrails, ['output']);
 * ```
 *
 * @category Guardrails
 */
export function validateGuardrails(owner: string, guardrails: unknown, stages: readonly ('input' | 'output')[] = ['input', 'output']): void {
  if (guardrails === undefined) return;
  if (typeof guardrails !== 'object' || guardrails === null) {
    throw new TypeError(`${owner}: guardrails must be an object such as { ${stages.map((stage) => `${stage}: [guardrail]`).join(', ')} }.`);
  }
  for (const key of Object.keys(guardrails)) {
    if (!(stages as readonly string[]).includes(key)) throw new TypeError(`${owner}: guardrails.${key} is not an option; use ${stages.map((stage) => `guardrails.${stage}`).join(' or ')}.`);
  }
  for (const stage of stages) {
    const list = (guardrails as Record<string, unknown>)[stage];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new TypeError(`${owner}: guardrails.${stage} must be an array of guardrails ({ name, check(ctx) }).`);
    (list as unknown[]).forEach((entry, index) => {
      const guardrail = entry as Partial<Guardrail> | null;
      if (typeof guardrail !== 'object' || guardrail === null || typeof guardrail.name !== 'string' || guardrail.name === '' || typeof guardrail.check !== 'function') {
        throw new TypeError(`${owner}: guardrails.${stage}[${index}] must be { name: string, check(ctx) => { tripwire, reason?, replaceWith? } }.`);
      }
    });
  }
}
