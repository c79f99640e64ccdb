import type { PendingApprovals } from '@tandem/core/runtime';
import type { BidiInput, ToolDelivery } from '@tandem/core/spec';
import type { BidiEventBody } from '../bidi-event.js';

/** What {@link SpokenApprovals} needs from its conversation. @internal */
export interface SpokenApprovalsHost {
  readonly approvals: PendingApprovals;
  /** Completed user turns so far, and what the user said after the first `count`. */
  userTurns(): number;
  userWordsSince(count: number): string;
  emit(body: BidiEventBody): void;
  /** Sends a note to the model (not a user turn). */
  sendContext(input: Extract<BidiInput, { type: 'context' }>): void;
}

/** The result of an `answer_approval` call. @internal */
export type SpokenAnswer = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string };

/**
 * `approvals: 'spoken'`: each approval request is put to the model (a context note asking it to ask the
 * user), and the model's `answer_approval` is accepted only once the user has spoken (a final transcript
 * or a typed turn) since the request. @internal
 */
export class SpokenApprovals {
  private readonly requests = new Map<string, { readonly toolName: string; readonly turnsAtRequest: number }>();

  constructor(private readonly host: SpokenApprovalsHost) {}

  /** A call waits for approval: ask the model to ask the user. */
  requested(request: { readonly toolCallId: string; readonly toolName: string; readonly input: unknown }, delivery: ToolDelivery): void {
    this.requests.set(request.toolCallId, { toolName: request.toolName, turnsAtRequest: this.host.userTurns() });
    const input = JSON.stringify(request.input) ?? 'null';
    this.host.sendContext({
      type: 'context',
      text:
        `The tool call ${request.toolCallId} (${request.toolName} with input ${input}) needs the user's approval before it runs. ` +
        `Ask the user now whether to go ahead; once they answer, call answer_approval with toolCallId "${request.toolCallId}" and approved true or false.`,
      delivery: delivery === 'interrupt' ? 'interrupt' : 'when-idle',
    });
  }

  /** The model's `answer_approval({ toolCallId, approved, reason? })`. */
  answer(toolCallId: string, approved: boolean, reason: string | undefined): SpokenAnswer {
    const request = this.requests.get(toolCallId);
    const waiting = this.host.approvals.ids();
    if (request === undefined || !waiting.includes(toolCallId)) {
      const list = waiting.length === 0 ? 'none is waiting' : `waiting: ${waiting.join(', ')}`;
      return { ok: false, error: `No tool call "${toolCallId}" is waiting for approval (${list}).` };
    }
    if (this.host.userTurns() <= request.turnsAtRequest) {
      return { ok: false, error: `Ask the user first: they have not answered since ${request.toolName} (${toolCallId}) asked for approval. Call answer_approval after they reply.` };
    }
    const transcript = this.host.userWordsSince(request.turnsAtRequest);
    const answer = approved ? { approved: true as const } : { approved: false as const, reason: reason === '' ? undefined : reason };
    if (!this.host.approvals.answer(toolCallId, answer)) return { ok: false, error: `Tool call "${toolCallId}" was already answered.` };
    this.requests.delete(toolCallId);
    this.host.emit({
      type: 'tool-approval-response',
      toolCallId,
      approved,
      ...(approved || reason === undefined || reason === '' ? {} : { reason }),
      by: 'spoken',
      transcript,
    });
    return { ok: true, text: approved ? `Approved: ${request.toolName} runs now.` : `Denied: ${request.toolName} will not run.` };
  }
}
