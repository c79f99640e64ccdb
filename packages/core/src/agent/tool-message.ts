import type { Message } from '../spec/message/v1/message.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';

/** The tool message that records a group's results, in the order given. @internal */
export function toolMessage(results: readonly ToolResult[]): Message {
  return {
    role: 'tool',
    parts: results.map((result) => ({
      type: 'tool-result',
      toolCallId: result.toolCallId,
      toolName: result.toolName,
      status: result.status,
      result: result.result,
      modelInput: result.modelInput,
    })),
  };
}
