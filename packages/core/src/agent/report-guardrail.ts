import type { GuardrailCheck } from '../guardrails/guardrail.js';
import type { RunProgress } from './run-context.js';
import { traceSafely } from './trace-run.js';

/** Reports one finished check: its `guardrail` event and its trace. @internal */
export function reportGuardrail(progress: RunProgress, check: GuardrailCheck, step: number): void {
  const { config } = progress;
  const { name, stage, tripwire, reason, error } = check;
  config.emit({
    type: 'guardrail',
    runId: config.runId,
    step,
    name,
    stage,
    tripwire,
    ...(reason === undefined ? {} : { reason }),
    ...(error === undefined ? {} : { error }),
  });
  traceSafely(() => progress.trace?.guardrail?.({ name, stage, tripwire, ...(reason === undefined ? {} : { reason }), ...(error === undefined ? {} : { error }) }));
}
