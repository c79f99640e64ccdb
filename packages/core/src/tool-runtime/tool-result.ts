import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { ToolCall } from '../events/agent-event.js';
import type { ToolOutput } from '../spec/message/v1/tool-output.js';

/** A successful result. @internal */
export function successResult(call: ToolCall, result: unknown, modelInput: ToolOutput): ToolResult {
  return { toolCallId: call.toolCallId, toolName: call.toolName, status: 'success', isError: false, result, modelInput };
}

/** An error result whose stored value and model input are `text`. @internal */
export function errorResult(call: ToolCall, text: string): ToolResult {
  return {
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    status: 'error',
    isError: true,
    result: text,
    modelInput: { type: 'text', value: text },
  };
}

/** A cancelled result. @internal */
export function cancelledResult(call: ToolCall, text = 'Tool call cancelled before it finished.'): ToolResult {
  return {
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    status: 'cancelled',
    isError: true,
    result: text,
    modelInput: { type: 'text', value: text },
  };
}
