import { formatDuration } from '../output/preview.js';
import type { CallView } from './turn-view.js';

/**
 * How long a call took, for the tool panels, with the time it waited for approval kept apart from its
 * run time: `12 ms`; `waited 5.0 s for approval · ran 12 ms`; `waiting for approval 2.0 s` while it
 * waits; undefined before it starts.
 *
 * @example
 * ```ts
 * callTiming(call, Date.now()); // 'waited 5.0 s for approval · ran 12 ms'
 * ```
 */
export function callTiming(call: CallView, now: number): string | undefined {
  if (call.status === 'approval' && call.approvalAskedAt !== undefined) return `waiting for approval ${formatDuration(now - call.approvalAskedAt)}`;
  const ran = call.startedAt === undefined ? undefined : (call.endedAt ?? now) - call.startedAt;
  if (call.approvalWaitMs === undefined) return ran === undefined ? undefined : formatDuration(ran);
  const waited = `waited ${formatDuration(call.approvalWaitMs)} for approval`;
  // A denied call never ran: its result came at once.
  return ran === undefined || call.status === 'error' && call.endedAt === call.startedAt ? waited : `${waited} · ran ${formatDuration(ran)}`;
}
