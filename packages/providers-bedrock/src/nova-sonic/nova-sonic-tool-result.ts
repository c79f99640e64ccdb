import type { ToolResult } from '@tandem/core/spec';
import { toolOutputText } from './nova-sonic-history.js';

/**
 * The `toolResult.content` of a result: Bedrock documents it as a stringified JSON object. A JSON object
 * result is sent as is; other values as `{"result": …}`; failed and cancelled calls as
 * `{"status": "error" | "cancelled", "error": "<text>"}`.
 * @internal
 */
export function novaToolResultContent(result: ToolResult): string {
  const output = result.modelInput;
  if (result.status !== 'success') return JSON.stringify({ status: result.status, error: toolOutputText(output) });
  if (output.type === 'json') {
    const value = output.value;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return JSON.stringify(value);
    return JSON.stringify({ result: value });
  }
  return JSON.stringify({ result: toolOutputText(output) });
}

/**
 * The text that carries results to a connection that never saw their calls (they were made on an
 * earlier connection, before a restart): one interactive USER text block, so the model hears about them
 * and answers.
 * @internal
 */
export function carriedOverResultsText(results: readonly ToolResult[]): string {
  const lines = results.map((result) => {
    const text = toolOutputText(result.modelInput);
    return result.status === 'success' ? `- ${result.toolName}: ${text}` : `- ${result.toolName} (${result.status}): ${text}`;
  });
  return `Results of tools you called earlier in this conversation:\n${lines.join('\n')}`;
}
