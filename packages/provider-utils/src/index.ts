/**
 * Shared plumbing for Tandem model providers: a retrying JSON POST with backoff and `Retry-After`,
 * SSE decoding, schema-checked wire parsing, and API-key loading that never leaks the key.
 *
 * @packageDocumentation
 */
export { postJsonToApi, type PostJsonToApiOptions } from './post-json-to-api.js';
export { DEFAULT_TIMEOUT_MS } from './fetch-with-first-byte-timeout.js';
export type { ProviderLimitSettings } from './provider-limit-settings.js';
export { DEFAULT_MAX_RETRY_AFTER_MS } from './retry-after-cap.js';
export { DEFAULT_MAX_EVENT_BYTES } from './sse-event-size-guard.js';
export { readSseEvents, type ReadSseEventsOptions, type SseMessage } from './read-sse-events.js';
export { parseJsonEvent, validateJson, type ParseJsonEventOptions } from './parse-json-event.js';
export { loadApiKey, type LoadApiKeyOptions } from './load-api-key.js';
export { LoadAPIKeyError } from './load-api-key-error.js';
export { retryDelayMs, type RetryDelayOptions } from './retry-delay.js';
export { redactSecrets, REDACTED } from './redact-secrets.js';
export { defaultSleep, type Sleep } from './sleep.js';
export { withoutTrailingSlash } from './without-trailing-slash.js';
export { stringifyJson } from './stringify-deep.js';
export { parseProviderOptions } from './parse-provider-options.js';
export { InvalidProviderOptionsError } from './invalid-provider-options-error.js';
export { emitProviderWarning } from './emit-provider-warning.js';
export { toBase64, fromBase64, toDataUrl, parseDataUrl } from './base64.js';
export { retryUntilFirstPart, type RetryUntilFirstPartOptions } from './retry-until-first-part.js';
export { InvalidRequestError } from './invalid-request-error.js';
export { streamSseWithRetry, type StreamSseWithRetryOptions } from './stream-sse-with-retry.js';
export { toClaudeOutputSchema } from './claude-output-schema.js';
export { jsonResponseTool, jsonResponseToolChoice, jsonResponseToolName, type JsonResponseToolOptions } from './json-response-tool.js';
export { AsyncEventQueue } from './async-event-queue.js';
export { RealtimeUnsupportedError } from './realtime-unsupported-error.js';
export { checkRealtimeSettings, isRealtimeTurnDetection, type RealtimeSettings, type RealtimeTurnDetection } from './realtime-settings.js';
export { startConnectionLimitTimer } from './connection-limit-timer.js';
export { connectDeadline, type ConnectDeadline } from './connect-deadline.js';
export { isContextOverflowText, contextOverflowOr, mapOpenAICompatibleOverflow } from './context-overflow.js';
