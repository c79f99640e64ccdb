import type { ToolApprovalRequestPart } from '@tandem/core';
import type { Paint } from '../output/color.js';
import { preview } from '../output/preview.js';

/**
 * The calls a paused session waits on, for `tandem sessions show`: each with its arguments, and the
 * commands that answer them. Empty when nothing waits.
 *
 * @example
 * ```ts
 * process.stdout.write(formatPendingApprovals('ab12cd34', pendingApprovalRequests(messages), painter(false)));
 * // Waiting for approval:
 * //   delete_file (call demo_call_1) {"name":"notes.txt"}
 * // Answer with: tandem run --session ab12cd34 --approve demo_call_1   (or --deny demo_call_1 --reason "…")
 * ```
 */
export function formatPendingApprovals(sessionId: string, requests: readonly ToolApprovalRequestPart[], paint: Paint): string {
  if (requests.length === 0) return '';
  const lines = [paint(['bold', 'yellow'], 'Waiting for approval:')];
  for (const request of requests) {
    const nested = request.parentToolCallId === undefined ? '' : paint('dim', ` (inside call ${request.parentToolCallId})`);
    lines.push(`  ${paint('bold', request.toolName)} (call ${request.toolCallId})${nested} ${preview(request.input, 200)}`);
  }
  const first = requests[0]?.toolCallId ?? '<toolCallId>';
  lines.push(`Answer with: tandem run --session ${sessionId} --approve ${first}   (or --deny ${first} --reason "…")`);
  return `${lines.join('\n')}\n`;
}
