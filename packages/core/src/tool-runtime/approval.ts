/**
 * A tool call waiting for approval, as the Agent's `approve` option and `tool-approval-request` see it.
 *
 * @category Tool approval
 */
export interface ApprovalRequest {
  readonly runId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  /** The validated input the tool would run with. */
  readonly input: unknown;
  /** Set when the call belongs to a nested run (a sub-agent): the id of the outer call that runs it. */
  readonly parentToolCallId?: string;
}

/**
 * An answer to an {@link ApprovalRequest}: `true` approves; `false` or `{ approved: false, reason? }`
 * denies (the reason is shown to the model).
 *
 * @category Tool approval
 */
export type ApprovalDecision = boolean | { readonly approved: true } | { readonly approved: false; readonly reason?: string };

/**
 * The normalized answer. @internal
 *
 * @category Tool approval
 */
export type ApprovalAnswer = { readonly approved: true } | { readonly approved: false; readonly reason: string | undefined };

/**
 * Normalizes an {@link ApprovalDecision}. @internal
 *
 * @category Tool approval
 */
export function toApprovalAnswer(decision: ApprovalDecision): ApprovalAnswer {
  if (decision === true) return { approved: true };
  if (decision === false) return { approved: false, reason: undefined };
  if (typeof decision === 'object' && decision !== null && decision.approved === true) return { approved: true };
  const reason = typeof decision === 'object' && decision !== null && 'reason' in decision ? decision.reason : undefined;
  return { approved: false, reason: typeof reason === 'string' && reason !== '' ? reason : undefined };
}

/**
 * The gate's answer when the run pauses instead of waiting (`approvals: 'interrupt'`). @internal
 *
 * @category Tool approval
 */
export interface ApprovalInterrupt {
  readonly interrupt: true;
}

/**
 * Where a call that needs approval waits for its answer: the run's pending approvals, answered by
 * `run.approve()`/`run.deny()` or the Agent's `approve` option. @internal
 *
 * @category Tool approval
 */
export interface ApprovalGate {
  /**
   * Resolves with the answer — or `{ interrupt: true }` when the run pauses instead of waiting
   * (`approvals: 'interrupt'`); never rejects. The caller races it with its signal and timeout.
   */
  wait(request: ApprovalRequest): Promise<ApprovalAnswer | ApprovalInterrupt>;
  /** The call stopped waiting (cancelled, timed out): a later answer for it is refused. */
  forget(toolCallId: string): void;
}

/**
 * The error text a denied call's result carries. @internal
 *
 * @category Tool approval
 */
export function deniedText(reason: string | undefined): string {
  return reason === undefined ? 'The user denied this tool call.' : `The user denied this tool call: ${reason}`;
}
