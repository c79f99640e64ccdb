import type { ToolCallTrace } from '../telemetry/telemetry.js';
import type { ToolCallOutcome, ToolRunContext } from './tool-run-context.js';

/** Emits a call's final `tool-call-result` and ends its trace span (tracing never breaks a run). @internal */
export function reportOutcome(outcome: ToolCallOutcome, context: ToolRunContext, trace: ToolCallTrace | undefined): ToolCallOutcome {
  context.emit({
    type: 'tool-call-result',
    runId: context.runId,
    step: context.step,
    result: outcome.result,
    results: [outcome.result],
    ...('exception' in outcome ? { exception: outcome.exception } : {}),
  });
  try {
    trace?.end(outcome.result, outcome.exception);
  } catch {
    // Tracing never breaks a run.
  }
  return outcome;
}
