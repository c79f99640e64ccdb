/**
 * Test doubles for Tandem agents: scripted models that run offline and deterministically.
 *
 * @packageDocumentation
 */
export { ScriptedModel, type ScriptedModelOptions, type ScriptedResponse, type ScriptedResponseSource } from './scripted-model.js';
export {
  textResponse,
  toolCallResponse,
  finishPart,
  type ScriptedResponseOptions,
  type ScriptedToolCall,
} from './responses.js';
export { ManualClock, systemClock, type Clock } from './clock.js';
export { ScriptedBidiModel, type ScriptedBidiModelOptions } from './scripted-bidi-model.js';
export {
  ScriptedBidiConnection,
  type ScriptedBidiReaction,
  type ScriptedBidiRecord,
} from './scripted-bidi-model-connection.js';
export {
  bidiResponseEvents,
  bidiToolGroup,
  pcm16Silence,
  type BidiResponseEventsOptions,
  type ScriptedBidiToolCall,
} from './scripted-bidi-model-events.js';
export { ProviderTestServer } from './provider-kit/provider-test-server.js';
export type { CapturedRequest } from './provider-kit/captured-request.js';
export type {
  TestServerResponse,
  SseResponse,
  JsonResponse,
  RawResponse,
  ResponseBase,
  StreamEnding,
} from './provider-kit/test-server-response.js';
export { parseSseFixture, encodeSseEvents, loadSseFixture, loadJsonFixture, type SseEvent } from './provider-kit/sse-fixture.js';
export { rechunkingFetch } from './provider-kit/rechunking-fetch.js';
export { recordingSleep, type RecordingSleep } from './provider-kit/recording-sleep.js';
export {
  collectModelStream,
  assembleModelStream,
  type CollectedModelStream,
  type CollectedToolCall,
} from './provider-kit/collect-model-stream.js';
export { runProviderContract } from './provider-kit/run-provider-contract.js';
export { contractTools, CONTRACT_API_KEY } from './provider-kit/contract-helpers.js';
export type {
  ContractTestApi,
  ContractModelSettings,
  ContractExpectation,
  ContractCase,
  ProviderContractOptions,
} from './provider-kit/provider-contract-options.js';
