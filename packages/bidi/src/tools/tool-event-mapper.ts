import type { AgentEvent } from '@tandem/core';
import type { BidiEventBody } from '../bidi-event.js';

/**
 * Maps an event of core's tool runtime (one of the group's own, not a nested agent's) to the agent's event
 * for group `groupId`; `undefined` for events a `BidiAgent` does not emit. @internal
 */
export function toBidiToolEvent(event: AgentEvent, groupId: string, durationMs: number): BidiEventBody | undefined {
  if (event.parentToolCallId !== undefined) return undefined;
  switch (event.type) {
    case 'tool-call-result':
      return {
        type: 'tool-call-result',
        groupId,
        results: event.results,
        ...('exception' in event ? { exception: event.exception } : {}),
        metrics: { durationMs },
      };
    case 'partial-tool-call-result':
    case 'tool-retry':
    case 'tool-approval-request': {
      const { runId: _runId, step: _step, parentToolCallId: _parent, ...rest } = event;
      return { ...rest, groupId };
    }
    default:
      return undefined;
  }
}
