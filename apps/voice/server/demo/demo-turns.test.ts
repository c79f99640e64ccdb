import { describe, expect, it } from 'vitest';
import { approvalAnswerTurn, approvalQuestionTurn, approvalRequestOf } from './demo-turns.js';

// The note `approvals: 'spoken'` sends the model (as @tandem/bidi words it) when a call waits for approval.
const NOTE =
  'The tool call demo_call_1_1 (book_table with input {"time":"19:30"}) needs the user\'s approval before it runs. ' +
  'Ask the user now whether to go ahead; once they answer, call answer_approval with toolCallId "demo_call_1_1" and approved true or false.';

describe('the demo model and spoken approvals', () => {
  it('reads the waiting call out of the approval note, and asks about it', () => {
    const request = approvalRequestOf(NOTE);
    expect(request).toEqual({ toolCallId: 'demo_call_1_1', toolName: 'book_table' });
    expect(approvalQuestionTurn(request!).text).toBe('Shall I go ahead with book_table? Say yes or no, or use the buttons.');
    expect(approvalRequestOf('(This result arrived after the conversation moved on; mention it briefly.)')).toBeUndefined();
  });

  it('answers with answer_approval only for a yes or a no', () => {
    const request = { toolCallId: 'demo_call_1_1', toolName: 'book_table' };
    expect(approvalAnswerTurn('Yes.', request, 'c2')?.calls).toEqual([
      { toolCallId: 'c2', toolName: 'answer_approval', toolArgs: JSON.stringify({ toolCallId: 'demo_call_1_1', approved: true }) },
    ]);
    expect(JSON.parse(approvalAnswerTurn('no', request, 'c3')?.calls[0]?.toolArgs ?? '{}')).toEqual({ toolCallId: 'demo_call_1_1', approved: false, reason: 'the user said no' });
    expect(approvalAnswerTurn('what time is it? get_time', request, 'c4')).toBeUndefined();
  });
});
