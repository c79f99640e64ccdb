import {
  toApprovalAnswer,
  type ApprovalAnswer,
  type ApprovalDecision,
  type ApprovalGate,
  type ApprovalInterrupt,
  type ApprovalRequest,
} from './approval.js';
import { errorText } from './error-text.js';

/**
 * Answers approvals automatically (the Agent's `approve` option).
 *
 * @category Tool approval
 */
export type Approver = (request: ApprovalRequest) => ApprovalDecision | PromiseLike<ApprovalDecision>;

/**
 * How calls that need approval wait: `'wait'` (default) keeps the run going while a person answers live
 * (`run.approve()`/`run.deny()`); `'interrupt'` ends the run with `stopReason: 'interrupted'` once the rest
 * of the group has finished, and a later run resumes it with `approvalResponse()` messages.
 *
 * @category Tool approval
 */
export type ApprovalMode = 'wait' | 'interrupt';

/**
 * Options of {@link PendingApprovals}. @internal
 *
 * @category Tool approval
 */
export interface PendingApprovalsOptions {
  /** Default `'wait'`. Ignored with a `parent`: the outer run's mode applies. */
  readonly mode?: ApprovalMode;
  /** The outer run's gate, for a nested run: requests the own approver does not answer go there. */
  readonly parent?: ApprovalGate;
}

const INTERRUPT: ApprovalInterrupt = Object.freeze({ interrupt: true as const });

/**
 * The calls of one run (or conversation) that wait for approval. `answer()` settles one — from
 * `run.approve()`/`run.deny()` — and an {@link Approver}, when given, is asked for each; the first answer
 * wins. Under `'interrupt'` a request the approver does not answer pauses the run instead; with a `parent`
 * (a nested run) it is asked of the outer run, where the outer `approve()`, `deny()` and approver answer it.
 * @internal
 *
 * @category Tool approval
 */
export class PendingApprovals implements ApprovalGate {
  private readonly waiting = new Map<string, (answer: ApprovalAnswer | ApprovalInterrupt) => void>();
  private readonly mode: ApprovalMode;
  private readonly parent: ApprovalGate | undefined;

  constructor(
    private readonly approver?: Approver,
    options: PendingApprovalsOptions = {},
  ) {
    this.mode = options.mode ?? 'wait';
    this.parent = options.parent;
  }

  wait(request: ApprovalRequest): Promise<ApprovalAnswer | ApprovalInterrupt> {
    const approver = this.approver;
    const parent = this.parent;
    if (parent !== undefined) return approver === undefined ? parent.wait(request) : this.ask(approver, request);
    if (approver === undefined && this.mode === 'interrupt') return Promise.resolve(INTERRUPT);
    return new Promise<ApprovalAnswer | ApprovalInterrupt>((resolve) => {
      const id = request.toolCallId;
      this.waiting.set(id, resolve);
      if (approver === undefined) return;
      this.ask(approver, request).then((answer) => this.settle(id, answer));
    });
  }

  /** Settles a waiting call; false when no call of that id is waiting (unknown, or already answered). */
  answer(toolCallId: string, answer: ApprovalAnswer): boolean {
    return this.settle(toolCallId, answer);
  }

  forget(toolCallId: string): void {
    this.waiting.delete(toolCallId);
    this.parent?.forget(toolCallId);
  }

  /** The ids of the calls waiting now. */
  ids(): string[] {
    return [...this.waiting.keys()];
  }

  private settle(toolCallId: string, answer: ApprovalAnswer | ApprovalInterrupt): boolean {
    const resolve = this.waiting.get(toolCallId);
    if (resolve === undefined) return false;
    this.waiting.delete(toolCallId);
    resolve(answer);
    return true;
  }

  private ask(approver: Approver, request: ApprovalRequest): Promise<ApprovalAnswer> {
    return Promise.resolve()
      .then(() => approver(request))
      .then(
        (decision) => toApprovalAnswer(decision),
        (error: unknown): ApprovalAnswer => ({ approved: false, reason: `the approver failed (${errorText(error)})` }),
      );
  }
}
