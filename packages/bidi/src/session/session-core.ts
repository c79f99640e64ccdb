import type { AgentEvent } from '@tandem/core';
import type { PendingApprovals, ToolSnapshot } from '@tandem/core/runtime';
import type { BidiInput, BidiModel, BidiModelEvent } from '@tandem/core/spec';
import type { BidiProfile } from '../handoff/bidi-profile.js';
import type { BidiCloseReason, BidiEventBody } from '../bidi-event.js';
import type { SpokenApprovals } from '../approvals/spoken-approvals.js';
import type { ConnectionLifecycle } from '../connection/connection-lifecycle.js';
import type { ReplayContext } from '../context/replay-context.js';
import type { ResultDelivery } from '../delivery/result-delivery.js';
import type { ConversationHistory } from '../history/conversation-history.js';
import type { EventFanout } from '../io/event-fanout.js';
import type { SpeechEndPadding } from '../io/speech-end-padding.js';
import type { ToolGroupTracker } from '../tools/tool-group-tracker.js';
import type { SessionTracer } from '../tracing/session-tracer.js';
import type { Deferred } from '../util/deferred.js';
import type { ConversationEnd } from './conversation-end.js';
import type { ResponseFlow } from './response-flow.js';
import type { ResponseWait } from './response-wait.js';
import type { UserTurns } from './user-turns.js';
import type { SessionConfig } from './session-config.js';

/**
 * What the session's wiring (model-event routing, the hosts its parts report to) uses of a conversation:
 * `BidiSession` implements it, so that wiring never depends on the session class itself. @internal
 */
export interface SessionCore {
  readonly config: SessionConfig;
  readonly history: ConversationHistory;
  readonly fanout: EventFanout;
  readonly approvals: PendingApprovals;
  readonly tracer: SessionTracer;
  readonly closed: Deferred<BidiCloseReason>;
  readonly userTurns: UserTurns;
  readonly end: ConversationEnd;
  readonly connection: ConnectionLifecycle;
  readonly toolGroups: ToolGroupTracker;
  readonly delivery: ResultDelivery;
  readonly flow: ResponseFlow;
  readonly responseWait: ResponseWait;
  readonly replay: ReplayContext;
  readonly spoken: SpokenApprovals | undefined;
  readonly padding: SpeechEndPadding;
  beforeClose: (() => Promise<void>) | undefined;
  readonly model: BidiModel;
  readonly signal: AbortSignal;
  readonly ending: boolean;
  tools(): ToolSnapshot;
  requestProfile(): BidiProfile;
  attached(): void;
  send(input: BidiInput): Promise<void>;
  finish(reason: BidiCloseReason, message?: string): void;
  step(): void;
  handle(event: BidiModelEvent): void;
  emit(body: BidiEventBody): void;
  emitNested(event: AgentEvent & { readonly parentToolCallId: string }): void;
}
