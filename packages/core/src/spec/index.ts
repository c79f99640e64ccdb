/**
 * The provider contract: the types a model provider implements, and the errors it throws.
 * A provider depends on nothing else of `@tandem/core`.
 *
 * @packageDocumentation
 */
export type { JsonValue, JsonObject, JsonSchema, ProviderMetadata } from './shared/json.js';
export type {
  TextPart,
  ReasoningPart,
  FilePart,
  ToolCallPart,
  ToolResultPart,
  ToolResultStatus,
  BuiltinToolCallPart,
  BuiltinToolResultPart,
  ToolApprovalRequestPart,
  ToolApprovalResponsePart,
  CompactionPart,
  Part,
} from './message/v1/part.js';
export type { Message, Role, SystemPart, UserPart, AssistantPart, ToolPart } from './message/v1/message.js';
export type { ToolOutput, ToolContentBlock } from './message/v1/tool-output.js';
export type { ToolResult } from './message/v1/tool-result.js';
export type {
  ToolDefinition,
  FunctionToolDefinition,
  ProviderToolDefinition,
  ToolChoice,
  ToolDelivery,
} from './language-model/v1/tool-definition.js';
export type { Usage, FinishReason } from './language-model/v1/usage.js';
export type { ModelRequest, ModelCallOptions } from './language-model/v1/model-request.js';
export type { ResponseFormat } from './language-model/v1/response-format.js';
export type { ModelStreamPart, ModelStreamPartType } from './language-model/v1/model-stream-part.js';
export type { LanguageModelV1, LanguageModel } from './language-model/v1/language-model-v1.js';
export { TandemError, type TandemErrorOptions } from './errors/tandem-error.js';
export { registerSecret, redactRegisteredSecrets, redactSecretsDeep, REDACTED_SECRET } from './errors/secret-registry.js';
export { APICallError, isRetryableStatus, type APICallErrorOptions } from './errors/api-call-error.js';
export { ContextOverflowError } from './errors/context-overflow-error.js';
export { IncompleteResponseError } from './errors/incomplete-response-error.js';
export { InvalidResponseDataError } from './errors/invalid-response-data-error.js';
export { UnsupportedModelVersionError } from './errors/unsupported-model-version-error.js';
export type { BidiModelV1, BidiModel } from './bidi-model/v1/bidi-model-v1.js';
export type { BidiConnection } from './bidi-model/v1/bidi-connection.js';
export type { BidiConnectRequest } from './bidi-model/v1/bidi-connect-request.js';
export type { BidiInput, BidiContextInput } from './bidi-model/v1/bidi-input.js';
export type { SendToolResultsOptions, BidiSessionUpdate } from './bidi-model/v1/bidi-connection.js';
export type { BidiModelEvent, BidiModelEventType, BidiResponseStopReason } from './bidi-model/v1/bidi-model-event.js';
export type { BidiToolCall } from './bidi-model/v1/bidi-tool-call.js';
export type { BidiModelCapabilities } from './bidi-model/v1/bidi-model-capabilities.js';
export type { BidiAudioConfig } from './bidi-model/v1/bidi-audio-config.js';
