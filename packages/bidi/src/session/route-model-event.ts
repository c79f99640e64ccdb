import type { BidiModelEvent } from '@tandem/core/spec';
import type { SessionCore } from './session-core.js';

/** Handles a model event that is not about a response (tools, usage, errors, go-aways, time-outs). @internal */
export function routeModelEvent(session: SessionCore, event: BidiModelEvent): void {
  switch (event.type) {
    case 'tool-group':
      session.toolGroups.start(event.calls);
      return;
    case 'tool-cancel':
      session.toolGroups.cancel(event.toolCallIds);
      return;
    case 'usage':
      session.replay.observe(event.usage);
      session.emit({ type: 'usage', usage: event.usage, ...(event.responseId === undefined ? {} : { responseId: event.responseId }) });
      return;
    case 'error':
      session.emit({ type: 'error', error: event.error, fatal: event.fatal });
      if (event.fatal) session.finish('error');
      return;
    case 'go-away':
      session.connection.goAway(event.resumeToken, event.timeLeftMs);
      return;
    case 'timeout':
      session.connection.restart('timeout', session.model.capabilities.resumption ? event.resumeToken : undefined);
      return;
    default:
      return;
  }
}
