import type { ToolCall } from '../events/agent-event.js';
import type { ToolCallTrace } from '../telemetry/telemetry.js';
import { errorText } from './error-text.js';
import { parseToolInput } from './parse-tool-input.js';
import { reportOutcome } from './report-outcome.js';
import { requestApproval } from './request-approval.js';
import { errorResult } from './tool-result.js';
import type { CallSlot } from './call-slot.js';
import { isInterruption, type ToolCallEnd, type ToolCallOutcome, type ToolRunContext } from './tool-run-context.js';

/**
 * Asks approval for a call of a tool without `execute` (a schema-only tool, which the caller runs once
 * the run ends with `toolUse`). Approved → `undefined`: the call stays pending for the caller. Denied,
 * timed out, cancelled, or with input that fails the tool's schema → the outcome that answers it, already
 * reported as a `tool-call-result`. Never rejects. @internal
 */
export async function approveForCaller(call: ToolCall, context: ToolRunContext, slot?: CallSlot): Promise<ToolCallEnd | undefined> {
  let outcome: ToolCallEnd | undefined;
  try {
    const tool = context.tools.get(call.toolName);
    if (tool === undefined) return undefined;
    const parsed = await parseToolInput(call, tool);
    outcome = parsed.ok ? await requestApproval(call, tool, parsed.input, context, slot) : { result: errorResult(call, parsed.error.message), exception: parsed.error };
  } catch (error) {
    outcome = { result: errorResult(call, `Asking approval failed: ${errorText(error)}`), exception: error };
  }
  if (outcome === undefined || isInterruption(outcome)) return outcome;
  let trace: ToolCallTrace | undefined;
  try {
    trace = context.trace?.startToolCall(call);
  } catch {
    trace = undefined;
  }
  return reportOutcome(outcome satisfies ToolCallOutcome, context, trace);
}
