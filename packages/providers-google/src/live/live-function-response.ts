import type { ToolDelivery, ToolResult } from '@tandem/core/spec';
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
 * content results send their text (Live function responses carry JSON, so files are left out).
 * `scheduling` is the group's delivery mode when the agent gave one (every response of a group carries the
 * group's mode), else a `NON_BLOCKING` tool's configured `scheduling`. @internal
 */
export function toLiveFunctionResponse(result: ToolResult, options: GoogleLiveToolOptions | undefined, delivery?: ToolDelivery): LiveFunctionResponse {
  const output = result.modelInput;
  const value =
    output.type === 'content'
      ? output.value.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n')
      : output.value;
  const scheduling = delivery === undefined ? (options?.behavior === 'NON_BLOCKING' ? options.scheduling : undefined) : SCHEDULING[delivery];
  return {
    id: result.toolCallId,
    name: result.toolName,
    response: result.status === 'success' ? { output: value } : { error: value },
    ...(scheduling === undefined ? {} : { scheduling }),
  };
}

/** Tandem's delivery modes as Gemini's `FunctionResponseScheduling`. */
const SCHEDULING = { interrupt: 'INTERRUPT', 'when-idle': 'WHEN_IDLE', silent: 'SILENT' } as const;
