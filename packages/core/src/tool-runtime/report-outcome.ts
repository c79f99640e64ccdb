import type { ToolCallTrace } from '../telemetry/telemetry.js';
import type { ToolCallOutcome, ToolRunContext } from './tool-run-context.js';

/** Emits a call's final `tool-call-result` and ends its trace span (tracing never breaks a run). @internal */
export function reportOutcome(outcome: ToolCallOutcome, context: ToolRunContext, trace: ToolCallTrace | undefined): ToolCallOutcome {
  const { result } = outcome;
  // Two literals, not a spread: this runs once per call.
  context.emit(
    'exception' in outcome
      ? { type: 'tool-call-result', runId: context.runId, step: context.step, result, results: [result], exception: outcome.exception }
      : { type: 'tool-call-result', runId: context.runId, step: context.step, result, results: [result] },
  );
  try {
    trace?.end(outcome.result, outcome.exception);
  } catch {
    // Tracing never breaks a run.
  }
  return outcome;
}
