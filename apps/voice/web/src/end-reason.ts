/** Why a conversation ended (a `connection-close` reason), as the page says it. */
export function endReasonInWords(reason: string): string {
  switch (reason) {
    case 'user-request':
      return 'The conversation was ended on request (end_conversation, or the server stopped it).';
    case 'complete':
      return 'The conversation is over: every input ended, or the model closed the session.';
    case 'client-disconnect':
      return 'The conversation ended: this page disconnected.';
    case 'timeout':
      return 'The conversation ended: it reached its time limit.';
    case 'error':
      return 'The conversation ended because of an error the model or the server could not recover from.';
    default:
      return `The conversation ended (${reason}).`;
  }
}
