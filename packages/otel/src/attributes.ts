/**
 * Attribute names of the OpenTelemetry GenAI semantic conventions used here, and Tandem's own
 * (`tandem.*`) where the conventions have none.
 */
export const ATTR = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  agentName: 'gen_ai.agent.name',
  conversationId: 'gen_ai.conversation.id',
  requestModel: 'gen_ai.request.model',
  requestMaxTokens: 'gen_ai.request.max_tokens',
  requestTemperature: 'gen_ai.request.temperature',
  requestTopP: 'gen_ai.request.top_p',
  requestStopSequences: 'gen_ai.request.stop_sequences',
  requestSeed: 'gen_ai.request.seed',
  outputType: 'gen_ai.output.type',
  responseId: 'gen_ai.response.id',
  responseModel: 'gen_ai.response.model',
  responseFinishReasons: 'gen_ai.response.finish_reasons',
  usageInputTokens: 'gen_ai.usage.input_tokens',
  usageOutputTokens: 'gen_ai.usage.output_tokens',
  usageCacheReadInputTokens: 'gen_ai.usage.cache_read.input_tokens',
  usageReasoningOutputTokens: 'gen_ai.usage.reasoning.output_tokens',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  errorType: 'error.type',
  // Opt-in content (recordContent: true).
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  systemInstructions: 'gen_ai.system_instructions',
  toolDefinitions: 'gen_ai.tool.definitions',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  toolCallResult: 'gen_ai.tool.call.result',
  // Tandem's own.
  runId: 'tandem.run.id',
  step: 'tandem.step',
  stopReason: 'tandem.stop_reason',
  toolStatus: 'tandem.tool.status',
  groupCalls: 'tandem.tool_group.calls',
  groupErrors: 'tandem.tool_group.errors',
  groupCancelled: 'tandem.tool_group.cancelled',
  sessionEndReason: 'tandem.session.end_reason',
  latencyMs: 'tandem.latency_ms',
  reason: 'tandem.reason',
  guardrailName: 'tandem.guardrail.name',
  guardrailStage: 'tandem.guardrail.stage',
  guardrailTripwire: 'tandem.guardrail.tripwire',
  guardrailTripped: 'tandem.guardrail.tripped',
} as const;

/** Values of `gen_ai.operation.name`. */
export const OPERATION = {
  invokeAgent: 'invoke_agent',
  chat: 'chat',
  executeTool: 'execute_tool',
  bidiSession: 'bidi_session',
} as const;
