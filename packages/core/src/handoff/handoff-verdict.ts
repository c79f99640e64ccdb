/** A handoff call of the current response, in the model's call order. @internal */
export interface HandoffCall {
  readonly toolCallId: string;
  readonly toolName: string;
}

/** What the verdict looks at when a `transfer_to_<name>` call runs. @internal */
export interface HandoffFacts {
  readonly toolCallId: string;
  /** The response's handoff calls so far, in call order (the call itself included). */
  readonly calls: readonly HandoffCall[];
  /** Handoffs this run has made. */
  readonly count: number;
  readonly maxHandoffs: number;
}

/** Whether the call transfers the conversation, or why not. @internal */
export type HandoffVerdict =
  | { readonly type: 'transfer' }
  | { readonly type: 'rejected'; readonly code: 'HANDOFF_NOT_FIRST' | 'MAX_HANDOFFS'; readonly reason: string };

/**
 * Decides one handoff call — the one place that does: the first handoff call of a response (in the
 * model's call order) transfers, unless the run has made `maxHandoffs` already; every other is rejected
 * with a reason the model can act on. @internal
 */
export function handoffVerdict(facts: HandoffFacts): HandoffVerdict {
  const first = facts.calls[0];
  if (first !== undefined && first.toolCallId !== facts.toolCallId) {
    return {
      type: 'rejected',
      code: 'HANDOFF_NOT_FIRST',
      reason: `Only one handoff per response is made: the first one (${first.toolName}, call ${first.toolCallId}) was taken, so this transfer was not.`,
    };
  }
  if (facts.count >= facts.maxHandoffs) {
    return {
      type: 'rejected',
      code: 'MAX_HANDOFFS',
      reason: `This run reached its limit of ${facts.maxHandoffs} handoffs (maxHandoffs); answer the user without transferring.`,
    };
  }
  return { type: 'transfer' };
}
