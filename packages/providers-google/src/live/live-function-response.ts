import type { ToolResult } from '@tandem/core/spec';
import type { GoogleLiveToolOptions } from './google-live-settings.js';

/** A `functionResponses` entry of a Live `toolResponse`. @internal */
export interface LiveFunctionResponse {
  readonly id: string;
  readonly name: string;
  readonly response: { readonly output: unknown } | { readonly error: unknown };
  readonly scheduling?: 'INTERRUPT' | 'WHEN_IDLE' | 'SILENT';
}

/**
 * A tool result as Gemini takes it: `{ output }` on success, `{ error }` for errors and cancelled calls;
 * content results send their text (Live function responses carry JSON, so files are left out). A
 * `NON_BLOCKING` tool's `scheduling` goes along. @internal
 */
export function toLiveFunctionResponse(result: ToolResult, options: GoogleLiveToolOptions | undefined): LiveFunctionResponse {
  const output = result.modelInput;
  const value =
    output.type === 'content'
      ? output.value.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n')
      : output.value;
  const scheduling = options?.behavior === 'NON_BLOCKING' ? options.scheduling : undefined;
  return {
    id: result.toolCallId,
    name: result.toolName,
    response: result.status === 'success' ? { output: value } : { error: value },
    ...(scheduling === undefined ? {} : { scheduling }),
  };
}
