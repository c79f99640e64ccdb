import type { ToolOutput, ToolResult } from '@tandem/core/spec';

/** The default `lateResultNote` of a `BidiAgent`. @internal */
export const DEFAULT_LATE_RESULT_NOTE = '(This result arrived after the conversation moved on; mention it briefly.)';

/**
 * `results` with `note` put before each result's model input (what the model reads), for a group whose
 * results arrive after the conversation moved on; `result` itself — what history keeps — is unchanged. @internal
 */
export function withLateNote(results: readonly ToolResult[], note: string): ToolResult[] {
  return results.map((result) => ({ ...result, modelInput: prefixed(result.modelInput, note) }));
}

function prefixed(output: ToolOutput, note: string): ToolOutput {
  switch (output.type) {
    case 'text':
      return { type: 'text', value: `${note} ${output.value}` };
    case 'json':
      return { type: 'text', value: `${note} ${JSON.stringify(output.value)}` };
    case 'content':
      return { type: 'content', value: [{ type: 'text', text: note }, ...output.value] };
  }
}
