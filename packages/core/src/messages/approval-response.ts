import type { Message } from '../spec/message/v1/message.js';

/**
 * A person's answer to a paused approval, as a `tool` message holding one `tool-approval-response` part.
 * Run the agent again with it to resume a run that ended `interrupted`: after the history
 * (`[...result.messages, approvalResponse(id, true)]`), or alone when the run keeps a session.
 *
 * @example
 * ```ts
 * const resumed = agent.run(model, [...first.messages, approvalResponse('call_1', false, 'not on Fridays')]);
 * ```
 *
 * @category Messages
 */
export function approvalResponse(toolCallId: string, approved: boolean, reason?: string): Message {
  if (typeof toolCallId !== 'string' || toolCallId === '') {
    throw new TypeError('approvalResponse(toolCallId, approved, reason?): toolCallId must be the id of a call in result.interruptions.');
  }
  if (typeof approved !== 'boolean') throw new TypeError('approvalResponse(toolCallId, approved, reason?): approved must be true or false.');
  const part = reason === undefined || reason === '' ? { type: 'tool-approval-response' as const, toolCallId, approved } : { type: 'tool-approval-response' as const, toolCallId, approved, reason };
  return { role: 'tool', parts: [part] };
}
