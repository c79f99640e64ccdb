import type { ToolResult } from '@tandem/core';
import { deniedText } from '@tandem/core/runtime';

const DENIED_PREFIX = deniedText(undefined).slice(0, -1);

/** True for the result core records for a denied approval ("The user denied this tool call[: reason]"). @internal */
export function isDenial(result: Pick<ToolResult, 'status' | 'result'>): boolean {
  return result.status === 'error' && typeof result.result === 'string' && result.result.startsWith(DENIED_PREFIX);
}
