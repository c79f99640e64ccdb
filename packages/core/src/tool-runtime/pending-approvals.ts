import { toApprovalAnswer, type ApprovalAnswer, type ApprovalDecision, type ApprovalGate, type ApprovalRequest } from './approval.js';
import { errorText } from './error-text.js';

/**
 * Answers approvals automatically (the Agent's `approve` option).
 *
 * @category Tool approval
 */
export type Approver = (request: ApprovalRequest) => ApprovalDecision | PromiseLike<ApprovalDecision>;

/**
 * The calls of one run (or conversation) that wait for approval. `answer()` settles one — from
 * `run.approve()`/`run.deny()` — and an {@link Approver}, when given, is asked for each; the first answer
 * wins. @internal
 *
 * @category Tool approval
 */
export class PendingApprovals implements ApprovalGate {
  private readonly waiting = new Map<string, (answer: ApprovalAnswer) => void>();

  constructor(private readonly approver?: Approver) {}

  wait(request: ApprovalRequest): Promise<ApprovalAnswer> {
    return new Promise<ApprovalAnswer>((resolve) => {
      const id = request.toolCallId;
      this.waiting.set(id, resolve);
      const approver = this.approver;
      if (approver === undefined) return;
      Promise.resolve()
        .then(() => approver(request))
        .then(
          (decision) => this.answer(id, toApprovalAnswer(decision)),
          (error: unknown) => this.answer(id, { approved: false, reason: `the approver failed (${errorText(error)})` }),
        );
    });
  }

  /** Settles a waiting call; false when no call of that id is waiting (unknown, or already answered). */
  answer(toolCallId: string, answer: ApprovalAnswer): boolean {
    const resolve = this.waiting.get(toolCallId);
    if (resolve === undefined) return false;
    this.waiting.delete(toolCallId);
    resolve(answer);
    return true;
  }

  forget(toolCallId: string): void {
    this.waiting.delete(toolCallId);
  }

  /** The ids of the calls waiting now. */
  ids(): string[] {
    return [...this.waiting.keys()];
  }
}
