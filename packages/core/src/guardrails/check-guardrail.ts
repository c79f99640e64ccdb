import type { Guardrail, GuardrailCheck, GuardrailContext } from './guardrail.js';

/**
 * Runs one guardrail's check and turns whatever happens into a {@link GuardrailCheck}: a throw (any
 * value) or a verdict that is not an object counts as tripped. Never rejects. @internal
 */
export async function checkGuardrail(guardrail: Guardrail, ctx: GuardrailContext): Promise<GuardrailCheck> {
  const { name } = guardrail;
  try {
    const verdict: unknown = await guardrail.check(ctx);
    if (typeof verdict !== 'object' || verdict === null || typeof (verdict as { tripwire?: unknown }).tripwire !== 'boolean') {
      const error = new TypeError(`Guardrail "${name}" returned ${describe(verdict)}; return { tripwire: boolean, reason?, replaceWith? }.`);
      return { name, stage: ctx.stage, tripwire: true, reason: error.message, replaceWith: undefined, error };
    }
    const { tripwire, reason, replaceWith } = verdict as { tripwire: boolean; reason?: unknown; replaceWith?: unknown };
    return {
      name,
      stage: ctx.stage,
      tripwire,
      reason: typeof reason === 'string' ? reason : undefined,
      replaceWith: typeof replaceWith === 'string' ? replaceWith : undefined,
    };
  } catch (thrown) {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    return { name, stage: ctx.stage, tripwire: true, reason: error.message, replaceWith: undefined, error };
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object without a boolean tripwire' : `a ${typeof value}`;
}
