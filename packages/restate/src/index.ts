/**
 * Durable agent runs on Restate: `restateAgent()` turns a Tandem agent into a Restate service whose model
 * calls and tool calls are journaled steps, so a run survives crashes and redeploys and many workers share
 * the load.
 *
 * @packageDocumentation
 */
export {
  restateAgent,
  type RestateAgentOptions,
  type RestateAgentHandlers,
  type RestateAgentObjectHandlers,
} from './restate-agent.js';
export type { RestateAgentInput } from './agent-input.js';
export { HISTORY_STATE_KEY, type RestateAgentOutput } from './run-durable-agent.js';
export { idempotencyKey } from './idempotency-key.js';
export { ensurePromiseWithResolvers } from './ensure-promise-with-resolvers.js';
export { MAX_JOURNALED_ATTEMPTS } from './max-attempts.js';
export { PENDING_APPROVALS_STATE_KEY, type PendingApproval, type ApprovalAnswerInput } from './approval-awakeables.js';
