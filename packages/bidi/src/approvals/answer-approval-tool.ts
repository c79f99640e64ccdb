import type { FunctionTool, ToolInputValidation } from '@tandem/core';
import type { SpokenApprovals } from './spoken-approvals.js';

/** The name of the built-in tool of `approvals: 'spoken'`. @internal */
export const ANSWER_APPROVAL = 'answer_approval';

interface AnswerInput {
  readonly toolCallId: string;
  readonly approved: boolean;
  readonly reason?: string;
}

/**
 * The built-in `answer_approval({ toolCallId, approved, reason? })` tool of a `BidiAgent` with
 * `approvals: 'spoken'`: the model records the user's spoken answer. `current()` gives the running
 * conversation's approvals. @internal
 */
export function answerApprovalTool(current: () => SpokenApprovals | undefined): FunctionTool<AnswerInput> {
  return {
    kind: 'function',
    name: ANSWER_APPROVAL,
    spec: {
      description:
        "Record the user's answer to a tool call waiting for approval. Call it only after the user has said yes or no out loud; never answer for them.",
      params: {
        type: 'object',
        properties: {
          toolCallId: { type: 'string', description: 'The id of the tool call waiting for approval.' },
          approved: { type: 'boolean', description: 'True when the user agreed.' },
          reason: { type: 'string', description: "The user's reason, when they said no." },
        },
        required: ['toolCallId', 'approved'],
        additionalProperties: false,
      },
    },
    validate(input: unknown): ToolInputValidation<AnswerInput> {
      const value = input as Partial<AnswerInput> | null;
      if (typeof value !== 'object' || value === null || typeof value.toolCallId !== 'string' || typeof value.approved !== 'boolean') {
        return { success: false, error: 'answer_approval needs { toolCallId: string, approved: boolean, reason?: string }.' };
      }
      if (value.reason !== undefined && typeof value.reason !== 'string') return { success: false, error: 'answer_approval: reason must be a string.' };
      return { success: true, value: value as AnswerInput };
    },
    execute({ toolCallId, approved, reason }) {
      const approvals = current();
      if (approvals === undefined) throw new Error('No conversation is running.');
      const outcome = approvals.answer(toolCallId, approved, reason);
      if (!outcome.ok) throw new Error(outcome.error);
      return outcome.text;
    },
  };
}
