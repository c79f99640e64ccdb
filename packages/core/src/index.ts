/**
 * Tandem core: messages, the provider specs, events, `stream()`, `Agent` and its concurrent tool runtime.
 *
 * @packageDocumentation
 */
export * from './spec/index.js';
export { userMessage, systemMessage, assistantMessage, messageText } from './messages/message-helpers.js';
export { approvalResponse } from './messages/approval-response.js';
export type { AgentEvent, AgentEventType, ModelEvent, LoopEvent, EventBase, ToolCall } from './events/agent-event.js';
export type { Aggregator, AggregatorClass } from './tool-definition/aggregator.js';
export { toolContent, isToolContent, type ToolContent } from './tool-definition/tool-content.js';
export type { ToolContext, ToolAgent, CancelOptions } from './tool-definition/tool-context.js';
export type {
  Tool,
  FunctionTool,
  ProviderTool,
  ToolSpec,
  ToolConfig,
  ToolRetryConfig,
  ToolInputValidation,
  ToolExecuteReturn,
  NeedsApproval,
} from './tool-definition/tool.js';
export type {
  AgentOptions,
  AgentResult,
  AgentRun,
  RunnableAgent,
  RunOptions,
  StepResult,
  StopCondition,
  StopConditionState,
  StopReason,
  ToolExecutionOptions,
} from './agent/agent-types.js';
export type {
  AgentHooks,
  HookName,
  HookEventBase,
  BeforeModelCallEvent,
  AfterModelCallEvent,
  BeforeToolCallEvent,
  AfterToolCallEvent,
  AfterToolsEvent,
  MessageAddedEvent,
} from './hooks/agent-hooks.js';
export type { ToolCallHooks } from './hooks/tool-call-hooks.js';
export { Agent } from './agent/agent.js';
export {
  handoff,
  handoffToolName,
  isHandoff,
  toHandoff,
  type Handoff,
  type HandoffOptions,
  type HandoffContext,
  type HandoffTarget,
} from './handoff/handoff.js';
export { HandoffError } from './handoff/handoff-error.js';
export type { AsToolOptions } from './agent/agent-as-tool.js';
export { SubAgentAggregator } from './sub-agent/sub-agent-aggregator.js';
export type { SubAgentBundle, SubAgentItem, SubAgentResultItem } from './sub-agent/sub-agent-bundle.js';
export { promptInput, type SubAgentToolInput, type SubAgentToolInputCommon, type SubAgentPromptInput } from './sub-agent/sub-agent-input.js';
export { subAgentTool, type SubAgent, type SubAgentToolOptions } from './sub-agent/sub-agent-tool.js';
export { stream, type StreamOptions, type ModelStream, type StreamResult } from './stream/stream.js';
export { NoSuchToolError, InvalidToolInputError, ToolTimeoutError, ToolCancelledError } from './tool-runtime/tool-errors.js';
export { toToolOutput } from './tool-runtime/to-tool-output.js';
export { errorText } from './tool-runtime/error-text.js';
export type { ApprovalRequest, ApprovalDecision } from './tool-runtime/approval.js';
export type { Approver, ApprovalMode } from './tool-runtime/pending-approvals.js';
export { TOOL_NAME_PATTERN, assertToolName } from './tool-definition/tool-name.js';
export { functionToolDefinition } from './tool-definition/function-tool-definition.js';
export { sleep } from './util/sleep.js';
export type { Clock, ClockTimer } from './clock/clock.js';
export { systemClock } from './clock/system-clock.js';
export { EventsNotKeptError } from './events/events-not-kept-error.js';
export { RunAbandonedWorkError } from './agent/run-abandoned-work-error.js';
export type { OutputSchema, OutputIssue, OutputValidationResult } from './output/output-schema.js';
export { OutputValidationError } from './output/output-validation-error.js';
export type { ModelReference } from './provider-registry/to-language-model.js';
export { repairHistory } from './session/repair-history.js';
export { registerProvider, registeredProviders, type ProviderFactory } from './provider-registry/provider-registry.js';
export { resolveModel } from './provider-registry/resolve-model.js';
export { resolveBidiModel } from './provider-registry/resolve-bidi-model.js';
export type { ProviderPlugin } from './provider-registry/provider-plugin.js';
export { assertModelVersion, checkModelVersion } from './provider-registry/assert-model-version.js';
export { NoSuchProviderError } from './provider-registry/no-such-provider-error.js';
export { InvalidModelIdError } from './provider-registry/invalid-model-id-error.js';
export { messageToJson, messageFromJson } from './messages/message-json.js';
export type { SessionStore, SessionInfo, SessionListOptions, SessionOptions } from './session/session-store.js';
export { memorySessionStore } from './session/memory-session-store.js';
export type {
  Telemetry,
  TracedModel,
  RunTraceInfo,
  RunTraceOutcome,
  RunTrace,
  ModelCallTraceOutcome,
  ModelCallTrace,
  ToolGroupTraceInfo,
  ToolGroupTrace,
  ToolCallTrace,
  SessionTraceInfo,
  SessionTraceEvent,
  SessionTrace,
  GuardrailTraceInfo,
} from './telemetry/telemetry.js';
export type { ContextManager, ContextInfo } from './context/context-manager.js';
export { slidingWindow, type SlidingWindowOptions } from './context/sliding-window.js';
export { trimToolResults, type TrimToolResultsOptions } from './context/trim-tool-results.js';
export { summarize, type SummarizeOptions } from './context/summarize.js';
export { composeContext } from './context/compose-context.js';
export { estimateMessageTokens } from './context/estimate-message-tokens.js';
export type { Middleware, StreamNext } from './middleware/middleware.js';
export { wrapModel } from './middleware/wrap-model.js';
export { defaultSettings, type DefaultSettings } from './middleware/default-settings.js';
export { fallbackModel, type FallbackModelOptions } from './middleware/fallback-model.js';
export { defaultShouldFallback } from './middleware/default-should-fallback.js';
export type { Guardrail, GuardrailVerdict, GuardrailContext, GuardrailStage, AgentGuardrails, GuardrailTrip } from './guardrails/guardrail.js';
