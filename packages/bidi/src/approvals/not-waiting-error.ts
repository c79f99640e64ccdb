/** The `TypeError` of `approve()`/`deny()` for a call that is not waiting, listing those that are. @internal */
export function notWaitingError(toolCallId: string, waiting: readonly string[]): TypeError {
  const list = waiting.length === 0 ? 'none is waiting' : `waiting: ${waiting.join(', ')}`;
  return new TypeError(`No tool call "${toolCallId}" is waiting for approval (${list}). Answer a call after its tool-approval-request event and before it ends.`);
}
