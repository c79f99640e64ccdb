import type { FinishReason } from '../spec/language-model/v1/usage.js';
import type { StopReason } from './agent-types.js';
import type { DeferredEnd } from './run-state.js';
import type { ApprovalRequest } from '../tool-runtime/approval.js';
import type { GuardrailTrip } from '../guardrails/guardrail.js';

/** What the step decision looks at. @internal */
export interface StepFacts {
  /** How the model call ended (`failed` never reaches the decision: the run rejects). */
  readonly response: { readonly type: 'complete'; readonly finishReason: FinishReason } | { readonly type: 'aborted' };
  readonly cancelled: boolean;
  readonly cancelMessage: string | undefined;
  readonly deferred: DeferredEnd | undefined;
  /** Calls of the response. */
  readonly callCount: number;
  /** Calls of tools without `execute`, pending for the caller. */
  readonly pendingCount: number;
  /** Calls waiting for a person (`approvals: 'interrupt'`). */
  readonly interruptedCount?: number;
  /** Present once the group's results are recorded and the `afterTools` hooks and stop conditions ran. */
  readonly afterGroup?: { readonly stopConditionMet: boolean; readonly step: number; readonly maxSteps: number };
}

/** How a step ends: the run ends (with its reason and final text), or the loop goes on. @internal */
export type StepDecision =
  | {
      readonly type: 'end';
      readonly stopReason: StopReason;
      readonly finalText?: string | undefined;
      /** The model gave its own final answer (a response without tool calls, no deferred end). */
      readonly answered?: boolean;
      /** The calls waiting for a person (`interrupted`). */
      readonly interruptions?: readonly ApprovalRequest[];
      /** The guardrail that tripped (`guardrail`). */
      readonly guardrail?: GuardrailTrip;
    }
  | { readonly type: 'continue' }
  /** The group's results must be recorded and the `afterTools` hooks and stop conditions run first. */
  | { readonly type: 'after-group' };

const CUT_OFF: Partial<Record<FinishReason, StopReason>> = {
  length: 'maxTokens',
  'content-filter': 'contentFilter',
  error: 'error',
};

/**
 * Decides how a step ends — the one place that does. Called once when the group has settled (before its
 * results are recorded: the answer says which calls stay pending) and, when that answer is
 * `after-group`, again with `afterGroup` once the results are recorded and the hooks have run. @internal
 */
export function decideStep(facts: StepFacts): StepDecision {
  const { response, deferred } = facts;
  if (response.type === 'aborted' || facts.cancelled) return { type: 'end', stopReason: 'cancelled', finalText: facts.cancelMessage };
  const cutOff = CUT_OFF[response.finishReason];
  if (cutOff !== undefined) return { type: 'end', stopReason: cutOff };
  if (deferred !== undefined) return { type: 'end', stopReason: 'endTurn', finalText: deferred.message };
  if (facts.callCount === 0) return { type: 'end', stopReason: 'endTurn', answered: true };
  if ((facts.interruptedCount ?? 0) > 0) return { type: 'end', stopReason: 'interrupted' };
  if (facts.pendingCount > 0) return { type: 'end', stopReason: 'toolUse' };
  const after = facts.afterGroup;
  if (after === undefined) return { type: 'after-group' };
  if (after.stopConditionMet) return { type: 'end', stopReason: 'endTurn' };
  if (after.step >= after.maxSteps) return { type: 'end', stopReason: 'maxSteps' };
  return { type: 'continue' };
}

/** The stop reason of a response cut off by its finish reason, if it was. @internal */
export function cutOffReason(finishReason: FinishReason): StopReason | undefined {
  return CUT_OFF[finishReason];
}
