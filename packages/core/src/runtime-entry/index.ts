/**
 * The tool runtime that `Agent` is built on, for packages that run tools themselves — `@tandem/bidi`'s
 * `BidiAgent`, durable-execution adapters — and for advanced apps: hold an agent's tools (live lists
 * included), run one tool group to exactly one result per call, link abort signals cheaply, and hold calls
 * that wait for approval.
 *
 * @example
 * ```ts
 * import { runToolGroup } from '@tandem/core/runtime';
 * const results = await runToolGroup({ calls, tools, agent, messages, signal, runId: 'r1', step: 1, emit: console.log });
 * ```
 *
 * @packageDocumentation
 */
export { runToolGroup, type ToolGroupOptions } from '../tool-runtime/run-tool-group.js';
export { toolLabel } from '../tool-runtime/run-attempt.js';
export { AbortFanout } from '../util/abort-fanout.js';
export { linkedAbort, type LinkedAbort } from '../util/linked-abort.js';
export { PendingApprovals } from '../tool-runtime/pending-approvals.js';
export type { ApprovalGate, ApprovalAnswer, ApprovalInterrupt } from '../tool-runtime/approval.js';
export { toApprovalAnswer, deniedText } from '../tool-runtime/approval.js';
export { answeredCallIds } from '../session/repair-history.js';
export { mergeApprovalRecords, requestOwner } from '../session/approval-records.js';
export { ToolCatalog, type ToolCatalogOptions, type ToolSnapshot } from '../agent/tool-catalog.js';
export { shareHooks } from '../agent/agent.js';
export { assertKnownOptions } from '../util/assert-known-options.js';
export { assertToolDelivery } from '../tool-definition/assert-tool-delivery.js';
export { loadOnDemand } from '../util/load-on-demand.js';
export { toolModelInput, aggregatorModelInput } from '../tool-runtime/model-input.js';
export { HookRegistry, type HookFunction } from '../hooks/hook-registry.js';
export { checkGuardrails, type GuardrailSetOptions } from '../guardrails/guardrail-set.js';
export type { GuardrailCheck } from '../guardrails/guardrail.js';
export { validateGuardrails } from '../guardrails/validate-guardrails.js';
export { pendingApprovalRequests } from '../session/pending-approval-requests.js';
export { lastTransfer } from '../handoff/active-agent.js';
export { bytesToBase64, base64ToBytes } from '../util/base64.js';
export { nodeBuiltin, requireNodeBuiltin, type NodeBuiltinModules } from '../util/node-builtin.js';
export { withMessageId, withMessageIds } from '../context/with-message-ids.js';
export { estimateRequestOverhead } from '../context/estimate-message-tokens.js';
