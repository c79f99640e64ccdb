import type { Message } from '../spec/message/v1/message.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { ToolResultPart } from '../spec/message/v1/part.js';
import { messageText } from '../messages/message-helpers.js';
import { cancelledResult } from '../tool-runtime/tool-result.js';
import type { AgentResult } from './agent-types.js';
import type { RunProgress } from './run-context.js';
import { RunAbandonedWorkError } from './run-abandoned-work-error.js';
import type { RunWork } from './run-work.js';

/**
 * Ends a cancelled run that user code still holds after its grace: reports what was abandoned (a
 * non-fatal `error` event), answers every call left without a result (`cancelled`, or the result its
 * `tool-call-result` already reported), and returns the `cancelled` result — from a copy of history, so
 * nothing the abandoned work does later reaches it. @internal
 */
export function abandonRun(progress: RunProgress, work: RunWork, graceMs: number): AgentResult<unknown> {
  const { config } = progress;
  const step = progress.steps.length;
  config.emit({ type: 'error', runId: config.runId, step, error: new RunAbandonedWorkError({ abandoned: work.labels(), graceMs }), fatal: false });
  const messages = pairCalls(config.state.messages, work.reported, (result) =>
    config.emit({ type: 'tool-call-result', runId: config.runId, step, result, results: [result] }),
  );
  work.abandon();
  const finalText = config.state.cancelMessage;
  if (finalText !== undefined && finalText !== '') messages.push({ role: 'assistant', parts: [{ type: 'text', text: finalText }] });
  const message = [...messages].reverse().find((m) => m.role === 'assistant');
  return {
    stopReason: 'cancelled',
    message,
    messages,
    text: messageText(message),
    usage: progress.usage,
    steps: progress.steps.slice(),
    output: undefined,
    interruptions: [],
    lastAgent: config.handoffs?.active.agent ?? config.agent,
  };
}

/** A copy of `history` where every call has a result, right after the assistant message holding it. */
function pairCalls(history: readonly Message[], reported: ReadonlyMap<string, ToolResult>, announce: (result: ToolResult) => void): Message[] {
  const answered = new Set<string>();
  for (const message of history) for (const part of message.parts) if (part.type === 'tool-result') answered.add(part.toolCallId);
  const paired: Message[] = [];
  for (let i = 0; i < history.length; i++) {
    const message = history[i] as Message;
    paired.push(message);
    if (message.role !== 'assistant') continue;
    const missing: ToolResultPart[] = [];
    for (const part of message.parts) {
      if (part.type !== 'tool-call' || answered.has(part.toolCallId)) continue;
      answered.add(part.toolCallId);
      let result = reported.get(part.toolCallId);
      if (result === undefined) {
        result = cancelledResult(part);
        announce(result);
      }
      missing.push({ type: 'tool-result', toolCallId: result.toolCallId, toolName: result.toolName, status: result.status, result: result.result, modelInput: result.modelInput });
    }
    if (missing.length === 0) continue;
    const next = history[i + 1];
    if (next?.role === 'tool') {
      paired.push({ ...next, parts: [...next.parts, ...missing] });
      i++;
    } else paired.push({ role: 'tool', parts: missing });
  }
  return paired;
}
