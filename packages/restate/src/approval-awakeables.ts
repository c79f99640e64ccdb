import { TerminalError, type ObjectContext, type ObjectSharedContext } from '@restatedev/restate-sdk';
import type { ApprovalDecision, ApprovalRequest, JsonValue } from '@tandem/core';

/**
 * The state key under which a keyed durable agent lists the calls that wait for a person's approval
 * (`approvals: 'interrupt'`), with the awakeable each waits on.
 *
 * @example
 * ```ts
 * const key = PENDING_APPROVALS_STATE_KEY; // 'pending-approvals'
 * ```
 *
 * @category Durable agents
 */
export const PENDING_APPROVALS_STATE_KEY = 'pending-approvals';

/**
 * A call of a durable run that waits for a person: what the `pending` handler lists.
 *
 * @example
 * ```ts
 * const response = await fetch(`${ingress}/support/ticket-7/pending`, { method: 'POST', body: '{}' });
 * const pending = (await response.json()) as PendingApproval[];
 * ```
 *
 * @category Durable agents
 */
export interface PendingApproval {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: JsonValue;
}

/**
 * The body of the `approve` handler.
 *
 * @example
 * ```ts
 * const answer: ApprovalAnswerInput = { toolCallId: 'call_1', approved: false, reason: 'not today' };
 * ```
 *
 * @category Durable agents
 */
export interface ApprovalAnswerInput {
  readonly toolCallId: string;
  readonly approved: boolean;
  readonly reason?: string;
}

interface StoredApproval extends PendingApproval {
  readonly awakeableId: string;
}

/** The awakeables of one invocation's pending approvals, kept in the object's state. @internal */
export class ApprovalAwakeables {
  private readonly waiting = new Map<string, StoredApproval>();
  private readonly created = new Map<string, { readonly id: string; readonly promise: Promise<ApprovalDecision> }>();

  constructor(private readonly ctx: ObjectContext) {}

  /** Creates the awakeable a call may wait on (at a fixed point of the journal: when its response is known). */
  prepare(toolCallId: string): void {
    if (this.created.has(toolCallId)) return;
    const { id, promise } = this.ctx.awakeable<ApprovalDecision>();
    this.created.set(toolCallId, { id, promise });
  }

  has(toolCallId: string): boolean {
    return this.created.has(toolCallId);
  }

  /** Lists the call as pending and waits for its answer (the `approve` handler resolves the awakeable). */
  async wait(request: ApprovalRequest): Promise<ApprovalDecision> {
    const awakeable = this.created.get(request.toolCallId);
    if (awakeable === undefined) return { approved: false, reason: `no approval is prepared for call "${request.toolCallId}"` };
    this.waiting.set(request.toolCallId, {
      toolCallId: request.toolCallId,
      toolName: request.toolName,
      input: JSON.parse(JSON.stringify(request.input ?? null)) as JsonValue,
      awakeableId: awakeable.id,
    });
    this.store();
    try {
      return await awakeable.promise;
    } finally {
      this.waiting.delete(request.toolCallId);
      this.store();
    }
  }

  private store(): void {
    if (this.waiting.size === 0) this.ctx.clear(PENDING_APPROVALS_STATE_KEY);
    else this.ctx.set(PENDING_APPROVALS_STATE_KEY, [...this.waiting.values()]);
  }
}

/** The `pending` handler: the calls of this key's run that wait for a person. @internal */
export async function listPending(ctx: ObjectSharedContext): Promise<PendingApproval[]> {
  const stored = (await ctx.get<StoredApproval[]>(PENDING_APPROVALS_STATE_KEY)) ?? [];
  return stored.map(({ toolCallId, toolName, input }) => ({ toolCallId, toolName, input }));
}

/** The `approve` handler: answers one pending call. @internal */
export async function answerPending(ctx: ObjectSharedContext, body: unknown): Promise<{ readonly toolCallId: string; readonly approved: boolean }> {
  const answer = parseAnswer(body);
  const stored = (await ctx.get<StoredApproval[]>(PENDING_APPROVALS_STATE_KEY)) ?? [];
  const entry = stored.find((item) => item.toolCallId === answer.toolCallId);
  if (entry === undefined) {
    const waiting = stored.map((item) => item.toolCallId).join(', ') || 'none';
    throw new TerminalError(`No tool call "${answer.toolCallId}" waits for approval here (waiting: ${waiting}). List them with the pending handler.`);
  }
  const decision: ApprovalDecision = answer.approved ? { approved: true } : { approved: false, ...(answer.reason === undefined ? {} : { reason: answer.reason }) };
  ctx.resolveAwakeable(entry.awakeableId, decision);
  return { toolCallId: answer.toolCallId, approved: answer.approved };
}

function parseAnswer(body: unknown): ApprovalAnswerInput {
  const value = body as Partial<ApprovalAnswerInput> | null;
  if (typeof value !== 'object' || value === null || typeof value.toolCallId !== 'string' || typeof value.approved !== 'boolean') {
    throw new TerminalError('approve: send { "toolCallId": string, "approved": boolean, "reason"?: string }.');
  }
  if (value.reason !== undefined && typeof value.reason !== 'string') throw new TerminalError('approve: "reason" must be a string.');
  return { toolCallId: value.toolCallId, approved: value.approved, ...(value.reason === undefined || value.reason === '' ? {} : { reason: value.reason }) };
}
